import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * What a user does to a rendered form in the page tests: types into a field (the element with
 * the test id, or the input inside it, as antd wraps some), clicks, and reads the error antd shows
 * under a field.
 */
export async function typeInto(testid: string, value: string) {
  const el = screen.getByTestId(testid);
  const input = (
    el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' ? el : el.querySelector('input')
  ) as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
  });
}

export const click = (testid: string) =>
  act(async () => {
    fireEvent.click(screen.getByTestId(testid));
  });

/** The text shown under the form item that holds `testid` (waits for it). */
export const errorOf = (testid: string) =>
  waitFor(() => {
    const item = screen.getByTestId(testid).closest('.ant-form-item') as HTMLElement;
    const error = item.querySelector('.ant-form-item-explain-error');
    expect(error).toBeTruthy();
    return error?.textContent;
  });
