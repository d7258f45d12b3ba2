import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { renderPage } from './render-page.tsx';

/**
 * What a user does to a rendered form in the page tests: types into a field, picks an option,
 * clicks, submits, and reads the error antd shows under a field.
 *
 * Each helper returns only once what it did can be seen: the typed value in the input, the picked
 * option in the select, the form's items settled. antd shows a field's errors a timer after they
 * change (its `useDebounce`: 0 ms for new errors, 10 ms to clear them), so right after an action
 * the text under a field may still be the one of the previous submit; how long it stays depends on
 * the machine's load. The helpers wait until the shown errors agree with the field's state (its
 * `ant-form-item-has-error` class, set without delay), so a test never reads a stale error nor
 * submits before its input is in the form. These are the only places a test types: a test file
 * never calls `fireEvent.change` itself (`test-waits.test.ts` checks it).
 */

/** A test id, or the element itself. */
export type Target = string | HTMLElement;

const elementOf = (target: Target): HTMLElement => (typeof target === 'string' ? screen.getByTestId(target) : target);

/** The editable element: the element itself, or the input / textarea antd wraps in it. */
function inputOf(target: Target): HTMLInputElement | HTMLTextAreaElement {
  const el = elementOf(target);
  if (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') return el as HTMLInputElement;
  const input = el.querySelector('input, textarea');
  if (!input) throw new Error(`no input in ${el.outerHTML.slice(0, 200)}`);
  return input as HTMLInputElement;
}

/** The form item holding an element (undefined outside an antd form). */
const itemOf = (el: Element) => (el.closest('.ant-form-item') as HTMLElement | null) ?? undefined;

/** The errors shown under a form item: its own (not a nested item's), not those fading out. */
function shownErrors(item: HTMLElement): HTMLElement[] {
  return [...item.querySelectorAll<HTMLElement>('.ant-form-item-explain-error')].filter(
    (e) => itemOf(e) === item && !/-leave(-|\s|$)/.test(e.className),
  );
}

/** Throws unless the item is done validating and shows errors exactly when it has some. */
function expectSettled(item: HTMLElement) {
  expect(item.classList.contains('ant-form-item-is-validating'), 'the field is still validating').toBe(false);
  const hasError = item.classList.contains('ant-form-item-has-error');
  const shown = shownErrors(item).map((e) => e.textContent);
  if (hasError) expect(shown.length, 'the field has an error not shown yet').toBeGreaterThan(0);
  else expect(shown, 'the field shows an error it no longer has').toEqual([]);
}

/**
 * Whether the input shows the typed value: as typed, upper-cased (the codes and SKUs fields), or
 * for an InputNumber the same number reformatted on leaving it.
 */
function shows(input: HTMLInputElement | HTMLTextAreaElement, value: string): boolean {
  if (input.value === value || input.value === value.toUpperCase()) return true;
  if (!input.closest('.ant-input-number') || value.trim() === '') return false;
  const typed = Number(value.replace(/,/g, ''));
  return !Number.isNaN(typed) && Number(input.value.replace(/,/g, '')) === typed;
}

/**
 * Types `value` into a field (replacing what it held) and leaves it, then waits until the input
 * shows the value and its form item has settled (validated, its errors shown or cleared).
 */
export async function typeInto(target: Target, value: string) {
  const input = inputOf(target);
  // two steps, as a user's: a field leaving with a change React has not rendered yet (antd's
  // InputNumber) puts back the value it last rendered
  await act(async () => {
    fireEvent.change(input, { target: { value } });
  });
  await act(async () => {
    fireEvent.blur(input);
  });
  await waitFor(() => {
    // the test id again: antd may render a new input element (a suffix appearing, say)
    const current = typeof target === 'string' ? inputOf(target) : input;
    expect(shows(current, value), `the input shows "${current.value}", not "${value}"`).toBe(true);
    const item = itemOf(current);
    if (item) expectSettled(item);
  });
}

/** Chooses files in a file input (the element, or the one inside it), as a user picking them. */
export async function upload(target: Target, files: File[]) {
  const el = elementOf(target);
  const input = (el.tagName === 'INPUT' ? el : el.querySelector('input[type=file]')) as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files } });
  });
}

/** What a select shows as chosen: the single value, or each tag of a multiple select. */
function chosen(select: HTMLElement): string[] {
  const tags = [...select.querySelectorAll<HTMLElement>('.ant-select-selection-item')];
  const single = select.querySelectorAll<HTMLElement>('.ant-select-content-has-value');
  return [...tags, ...single].flatMap((e) => [e.getAttribute('title') ?? '', e.textContent ?? '']);
}

const selectOf = (target: Target) => {
  const el = elementOf(target);
  return (el.closest('.ant-select') as HTMLElement | null) ?? el;
};

/**
 * Opens an antd Select and types `text` in its search box (the list stays open), then waits until
 * the box shows it.
 */
export async function searchIn(target: Target, text: string) {
  const root = selectOf(target);
  await act(async () => {
    const box = within(root).getByRole('combobox');
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: text } });
  });
  await waitFor(() => expect((within(root).getByRole('combobox') as HTMLInputElement).value).toBe(text));
}

/**
 * Opens an antd Select and clicks the option titled `title` in its open list, then waits until the
 * select shows it as chosen and its form item has settled.
 */
export async function pick(target: Target, title: string) {
  const root = selectOf(target);
  await act(async () => {
    fireEvent.mouseDown(within(root).getByRole('combobox'));
  });
  const option = await waitFor(() => {
    const open = screen
      .getAllByTitle(title)
      .filter(
        (e) => e.closest('.ant-select-dropdown:not(.ant-select-dropdown-hidden)') && e.closest('.ant-select-item'),
      );
    expect(open.length, `no option "${title}" in an open list`).toBeGreaterThan(0);
    return open[open.length - 1];
  });
  await act(async () => {
    fireEvent.click(option);
  });
  await waitFor(() => {
    // a multiple select with responsive tags may fold the new one into "+ n": its option is then
    // marked selected in the list
    const shown = chosen(root).some((text) => text.includes(title));
    const marked = !!option.closest('.ant-select-item-option-selected');
    expect(shown || marked, `the select does not show "${title}"`).toBe(true);
    const item = itemOf(root);
    if (item) expectSettled(item);
  });
}

/** Presses Enter in a field (a search box, say). */
export const pressEnter = (target: Target) =>
  act(async () => {
    fireEvent.keyDown(inputOf(target), { key: 'Enter', code: 'Enter', keyCode: 13 });
  });

export const click = (target: Target) =>
  act(async () => {
    fireEvent.click(elementOf(target));
  });

/** Clicks the list's New button (新建, antd may space it: 新 建) and waits for the form it opens. */
export async function openNewForm(form: string) {
  await click(screen.getByRole('button', { name: /新\s?建/ }));
  return screen.findByTestId(form);
}

/**
 * Renders a list page, waits until `shown` is on screen (a row's text, or `{ testid }`: the list
 * has loaded) and opens its create form.
 */
export async function openNewFormOn(page: ReactNode, shown: string | { testid: string }, form: string) {
  renderPage(page);
  await (typeof shown === 'string' ? screen.findByText(shown) : screen.findByTestId(shown.testid));
  return openNewForm(form);
}

/** Types each value into the field with that test id, in order: a form filled in field by field. */
export async function fillIn(values: Record<string, string>) {
  for (const [testid, value] of Object.entries(values)) await typeInto(testid, value);
}

/**
 * Clicks a form's submit button and waits until the form is idle: no field validating, and each
 * field's errors (from the form's checks or the server's answer) shown. What the save did (the
 * request sent, a dialog asking to confirm) the test waits for itself: a save may wait on the user.
 */
export async function submit(target: Target) {
  await click(target);
  await waitFor(() => {
    for (const item of document.querySelectorAll<HTMLElement>('.ant-form-item')) expectSettled(item);
  });
}

/** The form item around `target`, settled and showing an error (waits for it). */
function settledError(target: Target): string {
  const item = itemOf(elementOf(target));
  if (!item) throw new Error('not inside an antd form item');
  expectSettled(item);
  const shown = shownErrors(item);
  expect(shown.length, 'no error under the field').toBeGreaterThan(0);
  return shown[0].textContent ?? '';
}

/**
 * The error shown under the form item holding `target` (waits until the field has one and has
 * settled). An error replacing another without the field passing through valid may still show the
 * old text for a moment: to check the text, use `expectErrorOf`, which waits for it.
 */
export const errorOf = (target: Target) => waitFor(() => settledError(target));

/** Waits until the error under the form item holding `target` reads `expected`. */
export const expectErrorOf = (target: Target, expected: string | RegExp) =>
  waitFor(() => {
    const text = settledError(target);
    if (typeof expected === 'string') expect(text).toBe(expected);
    else expect(text).toMatch(expected);
  });

/** Waits until each field (by test id) shows its error, in order. */
export async function expectErrorsOf(errors: Record<string, string | RegExp>) {
  for (const [testid, expected] of Object.entries(errors)) await expectErrorOf(testid, expected);
}
