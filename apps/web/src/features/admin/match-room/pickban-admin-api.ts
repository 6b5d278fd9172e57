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
import { ApiError, allPages, attributesBody as body } from '../../../lib/api-client';
import { consoleApi } from '../console/admin-session';

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

export const pickbanAdminApi = {
  async categories(eventId: string): Promise<Category[]> {
    const list = await consoleApi.get<CategoryListDocument>(`${P}/categories`, {
      query: { 'filter[event.id]': eventId },
    });
    return list.data.map((c) => ({ ...c.attributes, id: c.id }));
  },
  /** Every item of the category, in sort order (every page). */
  async items(categoryId: string): Promise<Item[]> {
    const items = await allPages<ItemListDocument['data'][number]>(
      consoleApi,
      `${P}/items`,
      { 'filter[category.id]': categoryId, sort: 'sortOrder' },
      PAGE_SIZE,
    );
    return items.map((i) => ({ ...i.attributes, id: i.id }));
  },
  createCategory: async (attributes: CreateCategoryBody['data']['attributes']) =>
    (await consoleApi.post<CategoryDocument>(`${P}/categories`, body(attributes))).data,
  updateCategory: async (id: string, attributes: UpdateCategoryBody['data']['attributes']) =>
    (await consoleApi.patch<CategoryDocument>(`${P}/categories/${id}`, body(attributes))).data,
  deleteCategory: (id: string) => consoleApi.delete<unknown>(`${P}/categories/${id}`),
  createItem: async (attributes: CreateItemBody['data']['attributes']) =>
    (await consoleApi.post<ItemDocument>(`${P}/items`, body(attributes))).data,
  updateItem: async (id: string, attributes: UpdateItemBody['data']['attributes']) =>
    (await consoleApi.patch<ItemDocument>(`${P}/items/${id}`, body(attributes))).data,
  deleteItem: (id: string) => consoleApi.delete<unknown>(`${P}/items/${id}`),
  /** The segment's veto, or null while it has none (404). */
  async veto(segmentId: string): Promise<SegmentVeto | null> {
    try {
      const document = await consoleApi.get<SegmentVetoDocument>(`${P}/segments/${segmentId}/veto`);
      const { segmentId: _segment, ...veto } = document.data.attributes;
      return veto;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  setVeto: (segmentId: string, veto: SegmentVeto) =>
    consoleApi.put<SegmentVetoDocument>(`${P}/segments/${segmentId}/veto`, body(veto)),
  deleteVeto: (segmentId: string) => consoleApi.delete<unknown>(`${P}/segments/${segmentId}/veto`),
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
