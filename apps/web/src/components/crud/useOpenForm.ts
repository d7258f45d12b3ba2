import { useState } from 'react';
import { type CreateOrUpdateCalls, createOrUpdate, type StampedRow } from './create-or-update.ts';

/** What a create-or-edit form opens with: its title and its first values. */
export interface OpenedForm<I = object> {
  title: string;
  initial?: I;
}

/**
 * Which create-or-edit form is open (`editing`: a row, `'new'` or none) and what it opened with.
 * The title and first values are fixed when the form opens: a re-render of the page must not reset
 * what is being typed, and the title stays while the overlay closes. `overlay` is spread onto a
 * `FormOverlay`; `open` takes what `formOf` needs beyond the target; `save` sends the form's input
 * (`createOrUpdate`) and then runs `refresh`.
 */
export function useOpenForm<T extends StampedRow, I = object, A extends unknown[] = []>(
  formOf: (target: T | 'new', ...more: A) => OpenedForm<I>,
  refresh?: () => Promise<unknown>,
) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [form, setForm] = useState<OpenedForm<I>>({ title: '' });
  const close = () => setEditing(null);
  return {
    editing,
    open: (target: T | 'new', ...more: A) => {
      setForm(formOf(target, ...more));
      setEditing(target);
    },
    close,
    save: async <V extends object>(input: V, calls: CreateOrUpdateCalls<V>) => {
      await createOrUpdate(editing, input, calls);
      await refresh?.();
    },
    overlay: { open: editing !== null, title: form.title, initialValues: form.initial, onClose: close },
  };
}
