import type { UploadProps } from 'antd';
import { useState } from 'react';

/**
 * An antd `Upload`'s `customRequest`: sends the picked file with `send`, then hands the answer to
 * `done`; `busy` meanwhile (for the button's spinner). A failure (the HTTP client has notified)
 * marks the file failed, after `failed` has seen the error.
 */
export function useUploadRequest<R>(
  send: (file: File) => Promise<R>,
  done: (result: R) => unknown,
  failed?: (error: unknown) => void,
) {
  const [busy, setBusy] = useState(false);
  const customRequest: NonNullable<UploadProps['customRequest']> = async ({ file, onSuccess, onError }) => {
    setBusy(true);
    try {
      const result = await send(file as File);
      onSuccess?.(result);
      await done(result);
    } catch (e) {
      failed?.(e);
      onError?.(e as Error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, customRequest };
}
