import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../console/admin-ui';
import { type Category, type Item, pickbanAdminApi, type SegmentVeto } from './pickban-admin-api';
import './pickban-setup.css';
import { ItemsSection } from './pickban-items';
import { DeleteButton, useSetupAction } from './pickban-setup-kit';
import { VetoSection } from './pickban-veto';

/** Creates a category, last in the event's order. */
function NewCategoryForm({
  eventId,
  categories,
  action,
  reload,
}: {
  eventId: string;
  categories: Category[];
  action: ReturnType<typeof useSetupAction>;
  reload: (select?: string) => Promise<void>;
}) {
  const { t } = useTranslation('adminpickban');
  const [newName, setNewName] = useState('');
  async function create(event: FormEvent) {
    event.preventDefault();
    const ok = await action.run(async () => {
      const created = await pickbanAdminApi.createCategory({
        eventId,
        name: newName,
        sortOrder: Math.min(10_000, (categories ?? []).reduce((max, c) => Math.max(max, c.sortOrder), 0) + 1),
      });
      await reload(created.id);
    }, t('categories.created'));
    if (ok) setNewName('');
  }
  return (
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
        disabled={action.busy || newName.trim() === ''}
        data-testid="pickban-category-create"
      >
        {t('categories.create')}
      </button>
    </form>
  );
}

/** The event's categories: choose, rename or delete one, and create another. */
function CategoriesSection({
  eventId,
  categories,
  category,
  chosen,
  onChoose,
  reload,
}: {
  eventId: string;
  categories: Category[];
  category: Category | null;
  chosen: string;
  onChoose: (id: string) => void;
  reload: (select?: string) => Promise<void>;
}) {
  const { t } = useTranslation('adminpickban');
  const categoryAction = useSetupAction('category');
  const [rename, setRename] = useState('');
  useEffect(() => {
    setRename(category?.name ?? '');
  }, [category?.name]);

  return (
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
              await reload();
            }, t('categories.renamed'));
          }}
        >
          <Field label={t('categories.chosen')}>
            <select
              value={chosen}
              onChange={(e) => onChoose(e.target.value)}
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
                await reload();
              }, t('categories.deleted'))
            }
          />
        </form>
      ) : null}
      <NewCategoryForm eventId={eventId} categories={categories} action={categoryAction} reload={reload} />
      {categoryAction.message}
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
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [items, setItems] = useState<Item[]>([]);
  const [veto, setVeto] = useState<SegmentVeto | null | undefined>(undefined);
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
          <CategoriesSection
            eventId={eventId}
            categories={categories}
            category={category}
            chosen={chosen}
            onChoose={setChosen}
            reload={reloadCategories}
          />
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
