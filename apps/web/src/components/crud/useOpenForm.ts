import { useState } from 'react';

/** What a create-or-edit form opens with: its title and its first values. */
export interface OpenedForm<I = object> {
  title: string;
  initial?: I;
}

/**
 * Which create-or-edit form is open (`editing`: a row, `'new'` or none) and what it opened with.
 * The title and first values are fixed when the form opens: a re-render of the page must not reset
 * what is being typed, and the title stays while the overlay closes. `overlay` is spread onto a
 * `FormOverlay`; `open` takes what `formOf` needs beyond the target.
 */
export function useOpenForm<T, I = object, A extends unknown[] = []>(
  formOf: (target: T | 'new', ...more: A) => OpenedForm<I>,
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
    overlay: { open: editing !== null, title: form.title, initialValues: form.initial, onClose: close },
  };
}
