/**
 * Batch fulfilment through the UI (tenant demo, Chinese): 20 manual orders confirmed with stock and
 * put in 20 shipments (through the API), all 20 selected on the shipments page (待打单 tab) and
 * printed as one merged label PDF (tracking numbers given on the way): the downloaded PDF has 20
 * pages of 100 × 150 mm whose text (poppler's pdftotext) holds the Chinese sender address and
 * every tracking number. Then the scan-to-pack drawer finds one parcel by its tracking number,
 * refuses a SKU that is not in it (red), and packs it once the right SKUs are scanned.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { apiJson, DEMO_ADMIN, eventually, passwordToken } from '../support/app.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();
const COUNT = 20;

interface Shipment {
  id: string;
  shipmentNo: string;
  trackingNo: string | null;
  status: string;
  items: Array<{ sku: string; quantity: number }>;
}

test('20 orders → 20 shipments → one merged label PDF in Chinese; a scan refuses a wrong SKU, then packs', {
  timeout: 400_000,
}, async (t) => {
  const token = (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  const api = <T>(path: string, init: { method?: 'GET' | 'POST'; json?: unknown } = {}) =>
    apiJson<T>(app.server.url, path, { token, ...init });
  const ok = <T>(res: { status: number; body: T }) => {
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body;
  };

  const warehouses = ok(await api<{ items: Array<{ id: string; code: string }> }>('/api/trade/shipments/warehouses'));
  const wh = warehouses.items.find((w) => w.code === 'SZ-01')!;
  const variants = ok(
    await api<{ items: Array<{ id: string; sku: string }> }>('/api/trade/orders/variant-options'),
  ).items.slice(0, 3);
  assert.equal(variants.length, 3, 'the demo has SKUs to sell');
  ok(
    await api('/api/trade/stock/adjustments', {
      method: 'POST',
      json: { warehouseId: wh.id, reason: 'e2e', lines: variants.map((v) => ({ variantId: v.id, quantity: 200 })) },
    }),
  );
  const shipmentIds: string[] = [];
  for (let i = 0; i < COUNT; i++) {
    const order = ok(
      await api<{ id: string }>('/api/trade/orders', {
        method: 'POST',
        json: {
          buyerName: `Buyer ${i}`,
          countryCode: 'MY',
          currency: 'MYR',
          warehouseId: wh.id,
          address: {
            name: `Buyer ${i}`,
            phone: '60123456789',
            line1: `${i} Jalan Fulfilment`,
            city: 'Kuala Lumpur',
            postCode: '50000',
            countryCode: 'MY',
          },
          lines: [
            { variantId: variants[i % 3]!.id, quantity: 1 + (i % 2), unitPrice: '20.00' },
            { variantId: variants[(i + 1) % 3]!.id, quantity: 1, unitPrice: '15.00' },
          ],
        },
      }),
    );
    ok(await api(`/api/trade/orders/${order.id}/confirm`, { method: 'POST', json: {} }));
    const s = ok(
      await api<Shipment>('/api/trade/shipments', {
        method: 'POST',
        json: { orderIds: [order.id], warehouseId: wh.id },
      }),
    );
    shipmentIds.push(s.id);
  }

  await app.withSignedInPage(t, { as: DEMO_ADMIN, at: '/order/shipment?status=CREATED&size=20' }, async (page) => {
    const list = page.getByTestId('shipments');
    await eventually(async () => assert.equal(await list.locator('tbody tr.ant-table-row').count(), COUNT), 30_000);
    // select the whole page: the 20 new shipments
    await list.locator('thead .ant-checkbox-input').check({ force: true });
    await page.getByTestId('shipments-bulk').getByText(`${COUNT}`).first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 120_000 }),
      page.getByTestId('shipments-bulk-labels').click(),
    ]);
    const pdf = await readFile((await download.path())!);
    const info = execFileSync('pdfinfo', ['-'], { input: pdf }).toString();
    assert.match(info, new RegExp(`Pages:\\s+${COUNT}\\b`));
    // 100 × 150 mm
    assert.match(info, /Page size:\s+283\.46\d* x 425\.19\d* pts/);
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString();
    assert.ok(text.includes('广东省深圳市龙岗区坂田街道 1 号'), 'the Chinese sender address');
    assert.ok(text.includes('深圳仓'));
    const shipments: Shipment[] = [];
    for (const id of shipmentIds) shipments.push(ok(await api<Shipment>(`/api/trade/shipments/${id}`)));
    for (const s of shipments) {
      assert.equal(s.status, 'LABELLED');
      assert.ok(text.includes(s.trackingNo!), `tracking number ${s.trackingNo} in the PDF`);
    }

    // the packing check by scanning (typed as a keyboard-wedge scanner does: the code, then Enter)
    const parcel = shipments[0]!;
    await page.getByTestId('shipment-scan-open').click();
    const input = page.getByTestId('scan-input');
    const scan = async (code: string) => {
      await input.fill(code);
      await input.press('Enter');
    };
    await scan(parcel.trackingNo!);
    await page.getByTestId('scan-parcel').getByText(parcel.shipmentNo).waitFor();
    await scan('NOT-IN-PARCEL-1');
    await page.getByTestId('scan-refused').getByText('NOT-IN-PARCEL-1 不属于此包裹。').waitFor();
    assert.equal(await page.getByTestId('scan-pack-confirm').isDisabled(), true);
    for (const item of parcel.items) for (let n = 0; n < item.quantity; n++) await scan(item.sku);
    await page.getByTestId('scan-ok').waitFor();
    await eventually(async () => assert.equal(await page.getByTestId('scan-pack-confirm').isDisabled(), false));
    await page.getByTestId('scan-pack-confirm').click();
    await eventually(async () => {
      const s = ok(await api<Shipment>(`/api/trade/shipments/${parcel.id}`));
      assert.equal(s.status, 'PACKED');
    }, 20_000);
  });
});
