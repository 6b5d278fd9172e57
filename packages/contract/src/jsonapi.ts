import * as z from './safe-zod.js';

export const resourceIdentifier = z.object({ type: z.string(), id: z.string() });
export type ResourceIdentifier = z.infer<typeof resourceIdentifier>;

export const toOne = z.object({ data: resourceIdentifier.nullable() });
export const toMany = z.object({ data: z.array(resourceIdentifier) });

/** A JSON:API resource object with typed attributes and relationships. */
export function resource<
  T extends string,
  A extends z.ZodType,
  R extends z.ZodType = z.ZodOptional<z.ZodNever>,
>(type: T, attributes: A, relationships?: R) {
  return z.object({
    id: z.string(),
    type: z.literal(type),
    attributes,
    relationships: (relationships ?? z.never().optional()) as R,
  });
}

export const pageMeta = z.object({
  page: z.object({
    number: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
});
export type PageMeta = z.infer<typeof pageMeta>;

export function document<D extends z.ZodType>(data: D) {
  return z.object({
    data,
    included: z.array(z.unknown()).optional(),
    meta: z.record(z.string(), z.unknown()).optional(),
  });
}

export function listDocument<D extends z.ZodType>(item: D) {
  return z.object({
    data: z.array(item),
    included: z.array(z.unknown()).optional(),
    meta: pageMeta.optional(),
  });
}

/** Request bodies come wrapped in `data` (JSON:API style) with the attributes inside. */
export function requestBody<A extends z.ZodType>(attributes: A) {
  return z.object({ data: z.object({ type: z.string().optional(), id: z.string().optional(), attributes }) });
}

export const errorObject = z.object({
  status: z.string(),
  code: z.string(),
  title: z.string(),
  detail: z.string().optional(),
  source: z.object({ pointer: z.string().optional(), parameter: z.string().optional() }).optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorObject = z.infer<typeof errorObject>;

/**
 * Error document. `meta.message` carries status, method, path and the server's errors, the way the
 * web's API error wrapper shows them.
 */
export const errorDocument = z.object({
  errors: z.array(errorObject).min(1),
  meta: z.object({ message: z.string(), status: z.number().int(), method: z.string(), path: z.string() }),
});
export type ErrorDocument = z.infer<typeof errorDocument>;

/** Paging query: page[number] (1-based) and page[size]. */
export const pageQuery = z.object({
  'page[number]': z.coerce.number().int().min(1).max(100_000).optional(),
  'page[size]': z.coerce.number().int().min(1).max(100).optional(),
});

export const dateRange = z.object({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});
export type DateRange = z.infer<typeof dateRange>;
