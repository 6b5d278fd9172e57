import { VETO_TURN_SECONDS as CONTRACT, VETO_ACTION_VALUES, VETO_STARTER_VALUES } from '@cwh/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { changeField } from '../../../test-fields';
import { PickbanSetupPanel } from './pickban-setup-panel';
import { VETO_TURN_SECONDS } from './pickban-veto';

/** A tiny pick and ban server behind the fetch stub: categories, items, the segment's veto. */
function stubServer() {
  const state = {
    categories: [{ id: 'cat-1', name: 'War rules', sortOrder: 1, eventId: 'event-1' }],
    items: [
      { id: 'item-2', name: 'No spells', description: null, sortOrder: 2, categoryId: 'cat-1' },
      { id: 'item-1', name: 'No heroes', description: 'Heroes stay home', sortOrder: 1, categoryId: 'cat-1' },
    ],
    veto: null as null | Record<string, unknown>,
    inUse: new Set(['item-1']),
  };
  const calls: { method: string; path: string; body: unknown }[] = [];
  const json = (status: number, body: unknown) =>
    new Response(body === null ? null : JSON.stringify(body), { status });
  const refusal = (status: number, code: string, reason?: string) =>
    json(status, {
      errors: [{ status: String(status), code, title: code, ...(reason ? { meta: { reason } } : {}) }],
    });
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://hub.test');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace('/api/pickban/1.0', '');
    const body = init?.body ? JSON.parse(String(init.body)).data.attributes : undefined;
    calls.push({ method, path, body });
    const itemResource = (i: (typeof state.items)[number]) => ({
      id: i.id,
      type: 'items',
      attributes: { ...i, id: undefined },
    });
    if (method === 'GET' && path === '/categories') {
      return json(200, {
        data: state.categories.map((c) => ({ id: c.id, type: 'categories', attributes: c })),
      });
    }
    if (method === 'GET' && path === '/items') {
      const rows = state.items
        .filter((i) => i.categoryId === url.searchParams.get('filter[category.id]'))
        .sort((a, b) => a.sortOrder - b.sortOrder);
      return json(200, {
        data: rows.map(itemResource),
        meta: { page: { number: 1, size: 100, total: rows.length, totalPages: 1 } },
      });
    }
    if (method === 'POST' && path === '/items') {
      const item = {
        id: `item-${state.items.length + 1}`,
        description: null,
        ...(body as object),
      } as (typeof state.items)[number];
      state.items.push(item);
      return json(201, { data: itemResource(item) });
    }
    const itemId = path.match(/^\/items\/(.+)$/)?.[1];
    if (method === 'DELETE' && itemId) {
      if (state.inUse.has(itemId)) return refusal(409, 'CONFLICT', 'PICKBAN_IN_USE');
      state.items = state.items.filter((i) => i.id !== itemId);
      return json(204, null);
    }
    if (method === 'PATCH' && itemId) {
      const item = state.items.find((i) => i.id === itemId)!;
      Object.assign(item, body);
      return json(200, { data: itemResource(item) });
    }
    if (path === '/segments/seg-1/veto') {
      if (method === 'GET') {
        return state.veto
          ? json(200, {
              data: {
                id: 'seg-1',
                type: 'segment-vetoes',
                attributes: { segmentId: 'seg-1', ...state.veto },
              },
            })
          : refusal(404, 'NOT_FOUND');
      }
      if (method === 'PUT') {
        state.veto = body as Record<string, unknown>;
        return json(200, {
          data: { id: 'seg-1', type: 'segment-vetoes', attributes: { segmentId: 'seg-1', ...state.veto } },
        });
      }
      if (method === 'DELETE') {
        state.veto = null;
        return json(204, null);
      }
    }
    return refusal(404, 'NOT_FOUND');
  });
  return { state, calls, fetchMock };
}

describe('the stage page’s pick and ban setup', () => {
  let server: ReturnType<typeof stubServer>;
  beforeEach(async () => {
    await initI18n().changeLanguage('en');
    server = stubServer();
    vi.stubGlobal('fetch', server.fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const renderPanel = async () => {
    render(
      <I18nextProvider i18n={initI18n()}>
        <PickbanSetupPanel eventId="event-1" segmentId="seg-1" />
      </I18nextProvider>,
    );
    await waitFor(() => expect(screen.getAllByTestId('pickban-item-row')).toHaveLength(2));
  };
  const names = () =>
    screen
      .getAllByTestId('pickban-item-row')
      .map((row) => (within(row).getByTestId('pickban-item-name') as HTMLInputElement).value);

  it('restates the contract’s bounds', () => {
    expect(VETO_TURN_SECONDS).toEqual(CONTRACT);
    expect(['ban', 'pick']).toEqual([...VETO_ACTION_VALUES]);
    expect(['higher_seed', 'home']).toEqual([...VETO_STARTER_VALUES]);
  });

  it('lists the event’s categories and the chosen one’s items in sort order; no veto yet', async () => {
    await renderPanel();
    expect(names()).toEqual(['No heroes', 'No spells']);
    expect((screen.getByTestId('pickban-category-select') as HTMLSelectElement).value).toBe('cat-1');
    expect(screen.getByTestId('pickban-veto-current').textContent).toBe(
      'This stage has no pick and ban yet.',
    );
    await waitFor(() =>
      expect(screen.getByTestId('pickban-veto-hint').textContent).toContain(
        'This order needs 4 items; the category has 2.',
      ),
    );
    const read = server.calls.find((c) => c.path === '/categories');
    expect(read).toBeTruthy();
  });

  it('adds an item after the last one and edits another', async () => {
    await renderPanel();
    changeField(screen.getByTestId('pickban-item-new-name'), { target: { value: 'No walls' } });
    changeField(screen.getByTestId('pickban-item-new-description'), { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('pickban-item-add'));
    await waitFor(() => expect(names()).toEqual(['No heroes', 'No spells', 'No walls']));
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
      categoryId: 'cat-1',
      name: 'No walls',
      description: null,
      sortOrder: 3,
    });
    expect(screen.queryByText('Item added.')).not.toBeNull();

    const first = screen.getAllByTestId('pickban-item-row')[0]!;
    changeField(within(first).getByTestId('pickban-item-name'), {
      target: { value: 'No heroes at all' },
    });
    changeField(within(first).getByTestId('pickban-item-sort'), { target: { value: '9' } });
    fireEvent.click(within(first).getByTestId('pickban-item-save'));
    await waitFor(() => expect(names()).toEqual(['No spells', 'No walls', 'No heroes at all']));
    expect(server.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'No heroes at all',
      description: 'Heroes stay home',
      sortOrder: 9,
    });
  });

  it('a delete asks twice; an item in play is refused with the in-use sentence and stays', async () => {
    await renderPanel();
    const [used, free] = screen.getAllByTestId('pickban-item-row') as [HTMLElement, HTMLElement];
    const button = within(used).getByTestId('pickban-item-delete');
    fireEvent.click(button);
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(button.textContent).toBe('Delete for good');
    fireEvent.click(button);
    const alert = await within(used).findByRole('alert');
    expect(alert.textContent).toBe(
      "This item is in play in a match's pick and ban, so it cannot be deleted. You can still rename it.",
    );
    expect(names()).toEqual(['No heroes', 'No spells']);
    fireEvent.click(within(free).getByTestId('pickban-item-delete'));
    fireEvent.click(within(free).getByTestId('pickban-item-delete'));
    await waitFor(() => expect(names()).toEqual(['No heroes']));
    expect(server.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/items/item-1',
      '/items/item-2',
    ]);
  });

  it('sets the veto: steps added, changed, moved and removed, the starter and the time per turn; then removes it', async () => {
    await renderPanel();
    const steps = () => screen.getAllByTestId('pickban-veto-step');
    expect(steps()).toHaveLength(4);
    fireEvent.click(screen.getByTestId('pickban-veto-add-step'));
    expect(steps()).toHaveLength(5);
    changeField(within(steps()[4]!).getByTestId('pickban-step-action'), { target: { value: 'pick' } });
    changeField(within(steps()[4]!).getByTestId('pickban-step-count'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move step 5 up' }));
    fireEvent.click(within(steps()[0]!).getByTestId('pickban-step-remove'));
    changeField(screen.getByTestId('pickban-veto-starter'), { target: { value: 'home' } });
    changeField(screen.getByTestId('pickban-veto-seconds'), { target: { value: '90' } });
    fireEvent.click(screen.getByTestId('pickban-veto-save'));
    await screen.findByText('Veto saved. Pick and bans that open from now on follow it.');
    expect(server.calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/segments/seg-1/veto',
      body: {
        categoryId: 'cat-1',
        steps: [
          { action: 'ban', count: 1 },
          { action: 'pick', count: 1 },
          { action: 'pick', count: 2 },
          { action: 'pick', count: 1 },
        ],
        starter: 'home',
        turnSeconds: 90,
      },
    });
    expect(screen.getByTestId('pickban-veto-current').textContent).toBe(
      'Saved: War rules · ban 1, pick 1, pick 2, pick 1 · The home side · 90 s',
    );
    fireEvent.click(screen.getByTestId('pickban-veto-remove'));
    fireEvent.click(screen.getByTestId('pickban-veto-remove'));
    await waitFor(() =>
      expect(screen.getByTestId('pickban-veto-current').textContent).toBe(
        'This stage has no pick and ban yet.',
      ),
    );
    expect(server.calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/segments/seg-1/veto' });
    expect(server.state.veto).toBeNull();
  });

  it('an order the category cannot satisfy is explained', async () => {
    await renderPanel();
    const original = server.fetchMock.getMockImplementation()!;
    server.fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'PUT'
        ? new Response(
            JSON.stringify({
              errors: [
                {
                  status: '400',
                  code: 'VALIDATION_FAILED',
                  title: 'x',
                  meta: { reason: 'VETO_INVALID_SETUP' },
                },
              ],
            }),
            { status: 400 },
          )
        : original(input, init),
    );
    fireEvent.click(screen.getByTestId('pickban-veto-save'));
    const alert = await within(screen.getByTestId('pickban-veto')).findByRole('alert');
    expect(alert.textContent).toBe('The category does not have enough items for this order.');
    expect(screen.getByTestId('pickban-veto-current').textContent).toBe(
      'This stage has no pick and ban yet.',
    );
  });
});
