import type { VETO_TURN_SECONDS as CONTRACT_TURN_SECONDS, SegmentVetoAttributes } from '@cwh/contract';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, useAction } from '../console/admin-ui';
import {
  type Category,
  type Item,
  pickbanAdminApi,
  type SegmentVeto,
  setupRefusal,
} from './pickban-admin-api';
import './pickban-setup.css';

type VetoAction = SegmentVetoAttributes['steps'][number]['action'];
type VetoStarter = SegmentVetoAttributes['starter'];
// The contract's values (pickban.ts), restated so the zod schemas stay out of the browser bundle;
// `satisfies` fails the typecheck if they drift.
const VETO_ACTION_VALUES = ['ban', 'pick'] as const satisfies readonly VetoAction[];
const VETO_STARTER_VALUES = ['higher_seed', 'home'] as const satisfies readonly VetoStarter[];
export const VETO_TURN_SECONDS = {
  default: 60,
  min: 10,
  max: 3600,
} as const satisfies typeof CONTRACT_TURN_SECONDS;
const MAX_STEPS = 20;
const MAX_COUNT = 20;
const DEFAULT_STEPS: SegmentVeto['steps'] = [
  { action: 'ban', count: 1 },
  { action: 'ban', count: 1 },
  { action: 'pick', count: 1 },
  { action: 'pick', count: 1 },
];

/** useAction whose refusal reads as the catalogue's sentence (an in-use delete, a bad order, …). */
function useSetupAction(target: 'item' | 'category' | 'veto') {
  const { t } = useTranslation('adminpickban');
  const action = useAction();
  // useAction's run changes every render; the latest one is read through a ref so `run` is stable.
  const latest = useRef({ action, t });
  latest.current = { action, t };
  const run = useCallback(
    async (fn: () => Promise<unknown>, okText: string) => {
      let refusal: string | null = null;
      const ok = await latest.current.action.run(async () => {
        try {
          return await fn();
        } catch (error) {
          const { key, detail } = setupRefusal(error, target);
          refusal = latest.current.t(`refusal.${key}`, { detail });
          throw error;
        }
      }, okText);
      if (!ok && refusal) latest.current.action.setStatus({ kind: 'error', text: refusal });
      return ok;
    },
    [target],
  );
  return { ...action, run };
}

/** A delete button that asks once more (its label changes) before it deletes. */
function DeleteButton({
  label,
  confirmLabel,
  disabled,
  onDelete,
  testId,
}: {
  label: string;
  confirmLabel: string;
  disabled: boolean;
  onDelete: () => void;
  testId: string;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <button
      type="button"
      className={asking ? 'button button--danger' : 'button'}
      disabled={disabled}
      onClick={() => {
        if (!asking) {
          setAsking(true);
          return;
        }
        setAsking(false);
        onDelete();
      }}
      onBlur={() => setAsking(false)}
      data-testid={testId}
    >
      {asking ? confirmLabel : label}
    </button>
  );
}

function ItemRow({ item, onChanged }: { item: Item; onChanged: () => Promise<void> }) {
  const { t } = useTranslation('adminpickban');
  const action = useSetupAction('item');
  const [name, setName] = useState(item.name);
  const [description, setDescription] = useState(item.description ?? '');
  const [sortOrder, setSortOrder] = useState(String(item.sortOrder));
  // The row keeps its place (and its message) when the item is saved; the fields follow the server.
  useEffect(() => {
    setName(item.name);
    setDescription(item.description ?? '');
    setSortOrder(String(item.sortOrder));
  }, [item.name, item.description, item.sortOrder]);
  async function save(event: FormEvent) {
    event.preventDefault();
    await action.run(async () => {
      await pickbanAdminApi.updateItem(item.id, {
        name,
        description: description.trim() === '' ? null : description,
        sortOrder: Number(sortOrder),
      });
      await onChanged();
    }, t('items.saved'));
  }
  return (
    <li
      className="pickban-setup__item"
      data-testid="pickban-item-row"
      aria-label={t('items.rowLabel', { name: item.name })}
    >
      <form className="admin-form" onSubmit={(e) => void save(e)}>
        <Field label={t('items.name')}>
          <input
            value={name}
            required
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            data-testid="pickban-item-name"
          />
        </Field>
        <Field label={t('items.description')}>
          <input
            value={description}
            maxLength={500}
            onChange={(e) => setDescription(e.target.value)}
            data-testid="pickban-item-description"
          />
        </Field>
        <Field label={t('items.sortOrder')}>
          <input
            className="pickban-setup__number"
            type="number"
            min={0}
            max={10_000}
            value={sortOrder}
            onChange={(e) => setSortOrder(e.target.value)}
            data-testid="pickban-item-sort"
          />
        </Field>
        <button type="submit" className="button" disabled={action.busy} data-testid="pickban-item-save">
          {t('items.save')}
        </button>
        <DeleteButton
          label={t('items.delete')}
          confirmLabel={t('items.confirmDelete')}
          disabled={action.busy}
          testId="pickban-item-delete"
          onDelete={() =>
            void action.run(async () => {
              await pickbanAdminApi.deleteItem(item.id);
              await onChanged();
            }, t('items.deleted'))
          }
        />
      </form>
      {action.message}
    </li>
  );
}

function ItemsSection({
  category,
  items,
  onChanged,
}: {
  category: Category;
  items: Item[];
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation('adminpickban');
  const action = useSetupAction('item');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  async function add(event: FormEvent) {
    event.preventDefault();
    const ok = await action.run(async () => {
      await pickbanAdminApi.createItem({
        categoryId: category.id,
        name,
        description: description.trim() === '' ? null : description,
        sortOrder: Math.min(10_000, items.reduce((max, i) => Math.max(max, i.sortOrder), 0) + 1),
      });
      await onChanged();
    }, t('items.added'));
    if (ok) {
      setName('');
      setDescription('');
    }
  }
  return (
    <section className="pickban-setup__section" data-testid="pickban-items">
      <h4>{t('items.title', { category: category.name })}</h4>
      {items.length === 0 ? <p className="muted">{t('items.none')}</p> : null}
      <ol className="pickban-setup__list">
        {items.map((item) => (
          <ItemRow key={item.id} item={item} onChanged={onChanged} />
        ))}
      </ol>
      <form className="admin-form" onSubmit={(e) => void add(e)} aria-label={t('items.newTitle')}>
        <Field label={t('items.name')}>
          <input
            value={name}
            required
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            data-testid="pickban-item-new-name"
          />
        </Field>
        <Field label={t('items.description')}>
          <input
            value={description}
            maxLength={500}
            onChange={(e) => setDescription(e.target.value)}
            data-testid="pickban-item-new-description"
          />
        </Field>
        <button
          type="submit"
          className="button"
          disabled={action.busy || name.trim() === ''}
          data-testid="pickban-item-add"
        >
          {t('items.add')}
        </button>
      </form>
      {action.message}
    </section>
  );
}

function VetoSection({
  segmentId,
  categories,
  veto,
  itemCount,
  onSaved,
}: {
  segmentId: string;
  categories: Category[];
  veto: SegmentVeto | null;
  itemCount: (categoryId: string) => Promise<number>;
  onSaved: (veto: SegmentVeto | null) => void;
}) {
  const { t } = useTranslation('adminpickban');
  const action = useSetupAction('veto');
  const [categoryId, setCategoryId] = useState(veto?.categoryId ?? categories[0]?.id ?? '');
  const [steps, setSteps] = useState<SegmentVeto['steps']>(veto?.steps ?? DEFAULT_STEPS);
  const [starter, setStarter] = useState<VetoStarter>(veto?.starter ?? 'higher_seed');
  const [seconds, setSeconds] = useState(String(veto?.turnSeconds ?? VETO_TURN_SECONDS.default));
  const [have, setHave] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    setHave(null);
    if (categoryId)
      void itemCount(categoryId).then(
        (n) => live && setHave(n),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [categoryId, itemCount]);

  const setStep = (index: number, step: Partial<SegmentVeto['steps'][number]>) =>
    setSteps((all) => all.map((s, i) => (i === index ? { ...s, ...step } : s)));
  const move = (index: number, by: -1 | 1) =>
    setSteps((all) => {
      const next = [...all];
      const [step] = next.splice(index, 1);
      next.splice(index + by, 0, step!);
      return next;
    });
  const summary = (v: SegmentVeto) =>
    `${categories.find((c) => c.id === v.categoryId)?.name ?? '?'} · ${v.steps
      .map((s) => t(`veto.stepSummary.${s.action}`, { count: s.count }))
      .join(', ')} · ${t(`veto.starters.${v.starter}`)} · ${v.turnSeconds} s`;

  async function save(event: FormEvent) {
    event.preventDefault();
    const draft: SegmentVeto = { categoryId, steps, starter, turnSeconds: Number(seconds) };
    await action.run(async () => {
      const saved = await pickbanAdminApi.setVeto(segmentId, draft);
      const { segmentId: _segment, ...rest } = saved.data.attributes;
      onSaved(rest);
    }, t('veto.saved'));
  }

  const needed = steps.reduce((sum, s) => sum + s.count, 0);
  return (
    <section className="pickban-setup__section" data-testid="pickban-veto">
      <h4>{t('veto.title')}</h4>
      <p className="muted" data-testid="pickban-veto-current">
        {veto ? t('veto.current', { summary: summary(veto) }) : t('veto.none')}
      </p>
      <form className="pickban-setup__veto" onSubmit={(e) => void save(e)}>
        <div className="admin-form">
          <Field label={t('veto.category')}>
            <select
              value={categoryId}
              required
              onChange={(e) => setCategoryId(e.target.value)}
              data-testid="pickban-veto-category"
            >
              <option value="" disabled>
                {t('veto.chooseCategory')}
              </option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('veto.starter')}>
            <select
              value={starter}
              onChange={(e) => setStarter(e.target.value as VetoStarter)}
              data-testid="pickban-veto-starter"
            >
              {VETO_STARTER_VALUES.map((s) => (
                <option key={s} value={s}>
                  {t(`veto.starters.${s}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('veto.turnSeconds', { min: VETO_TURN_SECONDS.min, max: VETO_TURN_SECONDS.max })}>
            <input
              className="pickban-setup__number"
              type="number"
              required
              min={VETO_TURN_SECONDS.min}
              max={VETO_TURN_SECONDS.max}
              value={seconds}
              onChange={(e) => setSeconds(e.target.value)}
              data-testid="pickban-veto-seconds"
            />
          </Field>
        </div>
        <fieldset className="pickban-setup__steps">
          <legend>{t('veto.steps')}</legend>
          <ol className="pickban-setup__list">
            {steps.map((step, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a step is its place in the order
              <li key={index} className="pickban-setup__step" data-testid="pickban-veto-step">
                <span className="pickban-setup__step-label">{t('veto.stepLabel', { n: index + 1 })}</span>
                <Field label={t('veto.action')}>
                  <select
                    value={step.action}
                    onChange={(e) => setStep(index, { action: e.target.value as VetoAction })}
                    data-testid="pickban-step-action"
                  >
                    {VETO_ACTION_VALUES.map((a) => (
                      <option key={a} value={a}>
                        {t(`veto.actions.${a}`)}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field label={t('veto.count')}>
                  <input
                    className="pickban-setup__number"
                    type="number"
                    min={1}
                    max={MAX_COUNT}
                    required
                    value={step.count}
                    onChange={(e) =>
                      setStep(index, { count: Math.max(1, Math.min(MAX_COUNT, Number(e.target.value) || 1)) })
                    }
                    data-testid="pickban-step-count"
                  />
                </Field>
                <span className="pickban-setup__step-moves">
                  <button
                    type="button"
                    className="button"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={t('veto.up', { n: index + 1 })}
                    title={t('veto.up', { n: index + 1 })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button"
                    disabled={index === steps.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={t('veto.down', { n: index + 1 })}
                    title={t('veto.down', { n: index + 1 })}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button"
                    disabled={steps.length === 1}
                    onClick={() => setSteps((all) => all.filter((_, i) => i !== index))}
                    aria-label={t('veto.removeStep', { n: index + 1 })}
                    title={t('veto.removeStep', { n: index + 1 })}
                    data-testid="pickban-step-remove"
                  >
                    ✕
                  </button>
                </span>
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="button"
            disabled={steps.length >= MAX_STEPS}
            onClick={() => setSteps((all) => [...all, { action: 'ban', count: 1 }])}
            data-testid="pickban-veto-add-step"
          >
            {t('veto.addStep')}
          </button>
        </fieldset>
        <p className="muted" data-testid="pickban-veto-hint">
          {t('veto.alternate', { needed, have: have ?? '…' })}
        </p>
        <div className="admin-form">
          <button
            type="submit"
            className="button button--primary"
            disabled={action.busy || !categoryId}
            data-testid="pickban-veto-save"
          >
            {t('veto.save')}
          </button>
          {veto ? (
            <DeleteButton
              label={t('veto.remove')}
              confirmLabel={t('veto.confirmRemove')}
              disabled={action.busy}
              testId="pickban-veto-remove"
              onDelete={() =>
                void action.run(async () => {
                  await pickbanAdminApi.deleteVeto(segmentId);
                  onSaved(null);
                }, t('veto.removed'))
              }
            />
          ) : null}
        </div>
      </form>
      {action.message}
    </section>
  );
}

/**
 * The stage page's pick and ban setup (spec 7, issue #13): the event's categories and their items,
 * and this segment's veto order. Organizers of the event and admins (the server checks).
 */
export function PickbanSetupPanel({ eventId, segmentId }: { eventId: string; segmentId: string }) {
  const { t } = useTranslation('adminpickban');
  const load = useSetupAction('category');
  const categoryAction = useSetupAction('category');
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [items, setItems] = useState<Item[]>([]);
  const [veto, setVeto] = useState<SegmentVeto | null | undefined>(undefined);
  const [rename, setRename] = useState('');
  const [newName, setNewName] = useState('');
  const { run: runLoad } = load;

  useEffect(() => {
    void runLoad(async () => {
      const [list, current] = await Promise.all([
        pickbanAdminApi.categories(eventId),
        pickbanAdminApi.veto(segmentId),
      ]);
      setCategories(list);
      setVeto(current);
      setChosen(current?.categoryId ?? list[0]?.id ?? '');
    }, '');
  }, [eventId, segmentId, runLoad]);

  const category = categories?.find((c) => c.id === chosen) ?? null;
  const reloadItems = useCallback(async () => {
    setItems(chosen ? await pickbanAdminApi.items(chosen) : []);
  }, [chosen]);
  useEffect(() => {
    setRename(category?.name ?? '');
  }, [category?.name]);
  useEffect(() => {
    void reloadItems().catch(() => setItems([]));
  }, [reloadItems]);
  const itemCount = useCallback(
    async (categoryId: string) =>
      categoryId === chosen ? items.length : (await pickbanAdminApi.items(categoryId)).length,
    [chosen, items],
  );

  async function reloadCategories(select?: string) {
    const list = await pickbanAdminApi.categories(eventId);
    setCategories(list);
    setChosen(select ?? (list.some((c) => c.id === chosen) ? chosen : (list[0]?.id ?? '')));
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    const ok = await categoryAction.run(async () => {
      const created = await pickbanAdminApi.createCategory({
        eventId,
        name: newName,
        sortOrder: Math.min(10_000, (categories ?? []).reduce((max, c) => Math.max(max, c.sortOrder), 0) + 1),
      });
      await reloadCategories(created.id);
    }, t('categories.created'));
    if (ok) setNewName('');
  }

  return (
    <section
      className="admin-card pickban-setup"
      data-testid="pickban-setup"
      aria-labelledby="pickban-setup-title"
    >
      <h3 id="pickban-setup-title">{t('title')}</h3>
      <p className="muted">{t('intro')}</p>
      {load.message}
      {categories === null || veto === undefined ? (
        load.busy ? (
          <p className="muted">{t('loading')}</p>
        ) : null
      ) : (
        <>
          <section className="pickban-setup__section" data-testid="pickban-categories">
            <h4>{t('categories.title')}</h4>
            {categories.length === 0 ? <p className="muted">{t('categories.none')}</p> : null}
            {category ? (
              <form
                className="admin-form"
                onSubmit={(e) => {
                  e.preventDefault();
                  void categoryAction.run(async () => {
                    await pickbanAdminApi.updateCategory(category.id, { name: rename });
                    await reloadCategories();
                  }, t('categories.renamed'));
                }}
              >
                <Field label={t('categories.chosen')}>
                  <select
                    value={chosen}
                    onChange={(e) => setChosen(e.target.value)}
                    data-testid="pickban-category-select"
                  >
                    {categories.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field label={t('categories.name')}>
                  <input
                    value={rename}
                    required
                    maxLength={80}
                    onChange={(e) => setRename(e.target.value)}
                    data-testid="pickban-category-name"
                  />
                </Field>
                <button
                  type="submit"
                  className="button"
                  disabled={categoryAction.busy || rename.trim() === '' || rename === category.name}
                  data-testid="pickban-category-rename"
                >
                  {t('categories.rename')}
                </button>
                <DeleteButton
                  label={t('categories.delete')}
                  confirmLabel={t('categories.confirmDelete')}
                  disabled={categoryAction.busy}
                  testId="pickban-category-delete"
                  onDelete={() =>
                    void categoryAction.run(async () => {
                      await pickbanAdminApi.deleteCategory(category.id);
                      await reloadCategories();
                    }, t('categories.deleted'))
                  }
                />
              </form>
            ) : null}
            <form className="admin-form" onSubmit={(e) => void create(e)}>
              <Field label={t('categories.newName')}>
                <input
                  value={newName}
                  required
                  maxLength={80}
                  onChange={(e) => setNewName(e.target.value)}
                  data-testid="pickban-category-new"
                />
              </Field>
              <button
                type="submit"
                className="button"
                disabled={categoryAction.busy || newName.trim() === ''}
                data-testid="pickban-category-create"
              >
                {t('categories.create')}
              </button>
            </form>
            {categoryAction.message}
          </section>
          {category ? <ItemsSection category={category} items={items} onChanged={reloadItems} /> : null}
          {categories.length > 0 ? (
            <VetoSection
              key={segmentId}
              segmentId={segmentId}
              categories={categories}
              veto={veto}
              itemCount={itemCount}
              onSaved={setVeto}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
