import type {
  CategoryDocument,
  CategoryListDocument,
  CategoryResource,
  CreateCategoryBody,
  CreateItemBody,
  ItemDocument,
  ItemListDocument,
  ItemResource,
  SegmentVetoAttributes,
  SegmentVetoDocument,
  UpdateCategoryBody,
  UpdateItemBody,
} from '@cwh/contract';
import { API } from '@cwh/contract/constants';
import { ApiError, api, type RequestOptions } from '../../../lib/api-client';
import { adminToken, signOut } from '../console/admin-session';

/**
 * The organizer console's pick and ban setup (spec 7, issue #13; docs/api/pickban.md): an event's
 * categories and their items, and a segment's veto (category, order, starter, time per turn).
 */

const P = API.pickban;
/** The server's largest page (contract `pageQuery`). */
const PAGE_SIZE = 100;

export type Category = CategoryResource['attributes'] & { id: string };
export type Item = ItemResource['attributes'] & { id: string };
export type SegmentVeto = SegmentVetoAttributes;

async function call<R>(run: (options: RequestOptions) => Promise<R>): Promise<R> {
  try {
    return await run({ headers: { authorization: `Bearer ${adminToken() ?? ''}` } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) signOut();
    throw error;
  }
}

const body = (attributes: object) => ({ data: { attributes } });

export const pickbanAdminApi = {
  async categories(eventId: string): Promise<Category[]> {
    const list = await call((o) =>
      api.get<CategoryListDocument>(`${P}/categories`, { ...o, query: { 'filter[event.id]': eventId } }),
    );
    return list.data.map((c) => ({ ...c.attributes, id: c.id }));
  },
  /** Every item of the category, in sort order (every page). */
  async items(categoryId: string): Promise<Item[]> {
    const out: Item[] = [];
    for (let page = 1; ; page++) {
      const list = await call((o) =>
        api.get<ItemListDocument>(`${P}/items`, {
          ...o,
          query: {
            'filter[category.id]': categoryId,
            sort: 'sortOrder',
            'page[number]': page,
            'page[size]': PAGE_SIZE,
          },
        }),
      );
      out.push(...list.data.map((i) => ({ ...i.attributes, id: i.id })));
      if (page >= (list.meta?.page.totalPages ?? 1) || list.data.length === 0) return out;
    }
  },
  createCategory: async (attributes: CreateCategoryBody['data']['attributes']) =>
    (await call((o) => api.post<CategoryDocument>(`${P}/categories`, body(attributes), o))).data,
  updateCategory: async (id: string, attributes: UpdateCategoryBody['data']['attributes']) =>
    (await call((o) => api.patch<CategoryDocument>(`${P}/categories/${id}`, body(attributes), o))).data,
  deleteCategory: (id: string) => call((o) => api.delete<unknown>(`${P}/categories/${id}`, o)),
  createItem: async (attributes: CreateItemBody['data']['attributes']) =>
    (await call((o) => api.post<ItemDocument>(`${P}/items`, body(attributes), o))).data,
  updateItem: async (id: string, attributes: UpdateItemBody['data']['attributes']) =>
    (await call((o) => api.patch<ItemDocument>(`${P}/items/${id}`, body(attributes), o))).data,
  deleteItem: (id: string) => call((o) => api.delete<unknown>(`${P}/items/${id}`, o)),
  /** The segment's veto, or null while it has none (404). */
  async veto(segmentId: string): Promise<SegmentVeto | null> {
    try {
      const document = await call((o) => api.get<SegmentVetoDocument>(`${P}/segments/${segmentId}/veto`, o));
      const { segmentId: _segment, ...veto } = document.data.attributes;
      return veto;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  setVeto: (segmentId: string, veto: SegmentVeto) =>
    call((o) => api.put<SegmentVetoDocument>(`${P}/segments/${segmentId}/veto`, body(veto), o)),
  deleteVeto: (segmentId: string) => call((o) => api.delete<unknown>(`${P}/segments/${segmentId}/veto`, o)),
};

/** The catalogue key of a setup refusal (adminpickban `refusal.*`), with the server's detail. */
export function setupRefusal(
  error: unknown,
  target: 'item' | 'category' | 'veto',
): { key: string; detail: string } {
  if (!(error instanceof ApiError)) return { key: 'other', detail: (error as Error)?.message ?? '' };
  const first = error.errors[0];
  const reason = (first?.meta as { reason?: unknown } | undefined)?.reason;
  const detail = first?.detail ?? first?.title ?? String(error.status);
  if (reason === 'PICKBAN_IN_USE') return { key: target === 'item' ? 'inUseItem' : 'inUseCategory', detail };
  if (reason === 'VETO_INVALID_SETUP') return { key: 'invalidSetup', detail };
  if (error.status === 403) return { key: 'forbidden', detail };
  if (error.status === 404) return { key: 'notFound', detail };
  if (error.status === 400) return { key: 'invalid', detail };
  return { key: 'other', detail };
}
