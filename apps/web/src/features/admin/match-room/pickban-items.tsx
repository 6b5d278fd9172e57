import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../console/admin-ui';
import { type Category, type Item, pickbanAdminApi } from './pickban-admin-api';
import { DeleteButton, useSetupAction } from './pickban-setup-kit';

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

export function ItemsSection({
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
