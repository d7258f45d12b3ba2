/** A row a form edits: the server refuses an update that does not carry the stamp it was read with. */
export interface StampedRow {
  id: string;
  concurrencyStamp: string;
}

/** The two calls a create-or-edit form ends with. */
export interface CreateOrUpdateCalls<I> {
  create(input: I): Promise<unknown>;
  update(id: string, input: I & { concurrencyStamp: string }): Promise<unknown>;
}

/**
 * Sends a create-or-edit form's input: a new row's to `create`, an edited row's to `update` with the
 * row's concurrency stamp. Nothing is sent when no form is open (`editing` is null).
 */
export async function createOrUpdate<I extends object>(
  editing: StampedRow | 'new' | null,
  input: I,
  calls: CreateOrUpdateCalls<I>,
): Promise<void> {
  if (editing === 'new') await calls.create(input);
  else if (editing) await calls.update(editing.id, { ...input, concurrencyStamp: editing.concurrencyStamp });
}
