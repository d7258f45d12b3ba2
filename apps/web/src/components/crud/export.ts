import { http, type QueryParams } from '../../lib/http/index.ts';

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads a server export (e.g. exceljs stream); error bodies are read from the blob by the client. */
export async function downloadExport(path: string, params: QueryParams, fileName: string): Promise<void> {
  const blob = await http.request<Blob>(path, { params, responseType: 'blob', timeoutMs: 120_000 });
  saveBlob(blob, fileName);
}
