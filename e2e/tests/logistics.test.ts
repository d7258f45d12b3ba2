/**
 * Logistics freight (issue 13) through the UI (tenant demo, Chinese): a zone of Singapore and
 * Malaysia; a carrier with a channel (fuel surcharge, registration fee) whose rate table is imported
 * from an .xlsx written here with the headers of the server's own export (a sheet with bad rows is
 * reported row by row and changes nothing); a strategy that sends Singapore to the new channel,
 * tried in its test panel; the freight estimate of a demo SKU to Singapore picking the new channel,
 * its breakdown as computed here from the imported rates and the SKU's weight, and a 60 kg parcel
 * that the post channels refuse with their reasons. What the pages did is read back over the API.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { apiJson, artifact, DEMO_ADMIN, eventually, passwordToken, text } from '../support/app.ts';
import { useServerAndBrowser } from '../support/suite.ts';

const app = useServerAndBrowser();

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const ZONE = 'E2E 新马';
const CARRIER = { code: 'E2E-CARRIER', name: 'E2E 承运商' };
const CHANNEL = { code: 'E2E-LINE', name: 'E2E 专线', fuelPct: '10', registration: '4' };
const STRATEGY = { name: 'E2E 新加坡策略', rule: '新加坡走 E2E 专线' };

/** The two bands imported for the zone (money in cents): first weight, then started additional units. */
interface Band {
  from: number;
  to: number;
  first: number;
  firstFee: number;
  unit: number;
  additionalFee: number;
}
const BANDS: Band[] = [
  { from: 0, to: 500, first: 100, firstFee: 1250, unit: 100, additionalFee: 320 },
  { from: 500, to: 2000, first: 500, firstFee: 2500, unit: 250, additionalFee: 560 },
];

const cents = (n: number) => (n / 100).toFixed(2);

/** The price of `grams` on the new channel, by hand (issue 13's rules; every part is whole cents here). */
function expectedPrice(grams: number) {
  const band = BANDS.find((b) => b.from < grams && grams <= b.to);
  assert.ok(band, `the SKU's ${grams} g falls in an imported band`);
  const units = grams > band.first ? Math.ceil((grams - band.first) / band.unit) : 0;
  const freight = band.firstFee + units * band.additionalFee;
  const fuelTimes100 = freight * Number(CHANNEL.fuelPct);
  assert.equal(fuelTimes100 % 100, 0, 'the fuel surcharge is whole cents');
  const fuel = fuelTimes100 / 100;
  const registration = Number(CHANNEL.registration) * 100;
  return {
    freight: cents(freight),
    fuel: cents(fuel),
    registration: cents(registration),
    total: cents(freight + fuel + registration),
  };
}

// ── page helpers ───────────────────────────────────────────────────────────────────────────────

const dropdown = (page: Page) => page.locator('.ant-select-dropdown:visible');

/**
 * Picks the option `label` in the select `testid` (typing `search` first, when given) until the
 * select shows `shown`: on a loaded machine a pick made while a drawer is still sliding in is
 * sometimes not taken, or the list is not open yet.
 */
async function choose(page: Page, testid: string, label: string | RegExp, shown: RegExp, search?: string) {
  const select = page.getByTestId(testid);
  for (let attempt = 1; ; attempt++) {
    if (shown.test(await text(select))) return;
    try {
      if ((await dropdown(page).count()) === 0) await select.click();
      if (search !== undefined) await select.locator('input').first().fill(search);
      await dropdown(page).locator('.ant-select-item-option', { hasText: label }).first().click({ timeout: 5_000 });
      await eventually(async () => assert.match(await text(select), shown), 2_000);
      return;
    } catch (e) {
      if (attempt === 4) throw e;
    }
  }
}

/** Closes an open select list by clicking `somewhere` harmless (Escape would close the drawer too). */
async function closeDropdown(page: Page, somewhere: Locator) {
  // counted, not waited on as one locator: while one list slides out another may be sliding in
  await eventually(async () => {
    if ((await dropdown(page).count()) > 0) await somewhere.click();
    assert.equal(await dropdown(page).count(), 0, 'no select list open');
  }, 10_000);
}

/** Types into the input of `testid` (the element itself, or the input inside it: affixed inputs wrap theirs). */
async function fill(page: Page, testid: string, value: string) {
  const sel = `[data-testid="${testid}"]`;
  await page.locator(`input${sel}, textarea${sel}, ${sel} input`).first().fill(value);
}

/** Waits until no drawer is shown (saved forms close theirs). */
const drawersClosed = (page: Page) =>
  eventually(async () => assert.equal(await page.locator('.ant-drawer-content-wrapper:visible').count(), 0));

const row = (list: Locator, name: string) => list.locator('tbody tr.ant-table-row', { hasText: name });

/** The text of each row of a table. */
const rowTexts = (table: Locator) =>
  table.locator('tbody tr.ant-table-row').evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));

// ── API helpers ────────────────────────────────────────────────────────────────────────────────

let token = '';
const api = async <T>(path: string) => {
  token ||= (await passwordToken(app.server.url, DEMO_ADMIN)).access_token;
  const res = await apiJson<T>(app.server.url, path, { token });
  assert.equal(res.status, 200, `GET ${path}: ${JSON.stringify(res.body)}`);
  return res.body;
};

interface ChannelRow {
  id: string;
  code: string;
  carrierCode: string;
  currency: string;
  fuelSurchargePct: string;
  registrationFee: string;
  volumeMode: string;
}
interface RateRow {
  zoneName: string;
  weightFrom: number;
  weightTo: number;
  feeMode: string;
  firstFee: string | null;
}

const channelByCode = async (code: string) => {
  const all = await api<{ items: ChannelRow[] }>('/api/logistics/channels/all');
  const found = all.items.find((c) => c.code === code);
  assert.ok(found, `channel ${code} exists`);
  return found;
};

/** The header row of a demo channel's rate table as the server exports it in Chinese. */
async function exportedHeaders(): Promise<string[]> {
  const demo = await channelByCode('YUN-SEA-STD');
  const res = await fetch(`${app.server.url}/api/logistics/channels/${demo.id}/rates/export`, {
    headers: { authorization: `Bearer ${token}`, __tenant: 'demo', 'accept-language': 'zh-Hans' },
  });
  assert.equal(res.status, 200, `rate export: ${res.status}`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  const headers = (book.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
  assert.deepEqual(headers.slice(0, 4), ['分区', '起始重量(g)', '截止重量(g)', '计费方式']);
  return headers;
}

/**
 * A rate sheet under the export's headers: each row given by the export's column order (zone, from,
 * to, fee mode, first weight, first fee, additional unit, additional fee; the rest left empty).
 */
async function rateSheet(headers: string[], rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('运价表');
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const bandRow = (zone: string, b: Band, firstFee = b.firstFee) => [
  zone,
  b.from,
  b.to,
  'FIRST_ADDITIONAL',
  b.first,
  firstFee / 100,
  b.unit,
  b.additionalFee / 100,
];

// ── the journey ────────────────────────────────────────────────────────────────────────────────

test('creates a zone of Singapore and Malaysia', { timeout: 60_000 }, async (t) => {
  await app.withSignedInPage(t, { as: DEMO_ADMIN, at: '/physical/Zone' }, async (page) => {
    const list = page.getByTestId('zones');
    await row(list, '东南亚六国').waitFor();

    await list.getByRole('button', { name: /新建|New/ }).click();
    await fill(page, 'zone-name', ZONE);
    await choose(page, 'zone-countries', /^SG /, /SG/, 'SG');
    await choose(page, 'zone-countries', /^MY /, /MY/, 'MY');
    await closeDropdown(page, page.locator('.ant-drawer-title:visible'));
    await page.getByTestId('zones-form-submit').click();
    await row(list, ZONE).waitFor();
    assert.match(await text(row(list, ZONE)), /SG.*MY/);
    await drawersClosed(page);
  });

  const zones = await api<{ items: { name: string; countries: string[] }[] }>('/api/logistics/zones/all');
  assert.deepEqual(zones.items.find((z) => z.name === ZONE)?.countries.toSorted(), ['MY', 'SG']);
});

test('creates a carrier and a channel, imports its rate table, and reports a bad sheet row by row', {
  timeout: 90_000,
}, async (t) => {
  const headers = await exportedHeaders();
  await app.withSignedInPage(t, { as: DEMO_ADMIN, at: '/physical/Physical' }, async (page) => {
    const carriers = page.getByTestId('carriers');
    await row(carriers, 'YUNEXPRESS').waitFor();

    // the carrier
    await carriers.getByRole('button', { name: /新建|New/ }).click();
    await fill(page, 'carrier-code', CARRIER.code);
    await fill(page, 'carrier-name', CARRIER.name);
    await page.getByTestId('carriers-form-submit').click();
    await row(carriers, CARRIER.code).waitFor();
    await drawersClosed(page);

    // its channel: actual weight only, in CNY, with a fuel surcharge and a registration fee
    await page.getByTestId(`carrier-select-${CARRIER.code}`).click();
    const channels = page.getByTestId('channels');
    await channels.waitFor();
    await channels.getByRole('button', { name: /新建|New/ }).click();
    await fill(page, 'channel-code', CHANNEL.code);
    await fill(page, 'channel-name', CHANNEL.name);
    await fill(page, 'channel-transit-min', '4');
    await fill(page, 'channel-transit-max', '7');
    await choose(page, 'channel-volume-mode', '只计实重', /只计实重/);
    await fill(page, 'channel-currency', 'CNY');
    await fill(page, 'channel-fuel', CHANNEL.fuelPct);
    await fill(page, 'channel-registration', CHANNEL.registration);
    await page.getByTestId('channels-form-submit').click();
    await row(channels, CHANNEL.code).waitFor();
    assert.match(await text(row(channels, CHANNEL.code)), /E2E 专线.*CNY.*10(\.00)?%/);
    await drawersClosed(page);

    // its rate table, imported from a sheet: two bands of the new zone
    await page.getByTestId(`channel-rates-${CHANNEL.code}`).click();
    const drawer = page.locator('.ant-drawer-content-wrapper:visible');
    await drawer.getByTestId('rates-import').waitFor();
    const upload = drawer.locator('input[type=file]');
    await upload.setInputFiles({
      name: 'rates.xlsx',
      mimeType: XLSX,
      buffer: await rateSheet(headers, [bandRow(ZONE, BANDS[0]), bandRow(ZONE, BANDS[1])]),
    });
    await page.locator('.ant-message').getByText('已导入 1 个分区的 2 行运价。').waitFor();
    const table = drawer.getByTestId('rates-table');
    await eventually(async () => {
      const texts = await rowTexts(table);
      assert.equal(texts.length, 2, texts.join('\n'));
      assert.match(texts[0], /E2E 新马.*0–500.*首重\+续重.*12\.5/);
      assert.match(texts[1], /E2E 新马.*500–2000.*首重\+续重.*25/);
    });
    await page.screenshot({ path: artifact('logistics-rates.png') });

    // a sheet with bad rows: each reported (sheet row, column, message), nothing imported
    await upload.setInputFiles({
      name: 'bad-rates.xlsx',
      mimeType: XLSX,
      buffer: await rateSheet(headers, [
        bandRow(ZONE, BANDS[0], 9900),
        bandRow('火星', BANDS[1]),
        [ZONE, 800, 600, 'FIRST_ADDITIONAL', 100, 1, 100, 1],
      ]),
    });
    const report = drawer.getByTestId('rates-import-errors');
    await report.waitFor();
    await eventually(async () =>
      assert.deepEqual(await rowTexts(report), ['3分区没有名为“火星”的分区。', '4截止重量(g)不能小于下限。']),
    );
    await drawer.getByText('未导入任何数据:请修正以下行后重新导入。').waitFor();
    const texts = await rowTexts(table);
    assert.equal(texts.length, 2);
    assert.doesNotMatch(texts.join('\n'), /99/);
    await page.screenshot({ path: artifact('logistics-rates-refused.png') });
  });

  const channel = await channelByCode(CHANNEL.code);
  assert.deepEqual(
    [channel.carrierCode, channel.currency, channel.volumeMode, Number(channel.fuelSurchargePct)],
    [CARRIER.code, 'CNY', 'NONE', 10],
  );
  assert.equal(Number(channel.registrationFee), 4);
  const rates = await api<{ rows: RateRow[] }>(`/api/logistics/channels/${channel.id}/rates`);
  assert.deepEqual(
    rates.rows.map((r) => [r.zoneName, r.weightFrom, r.weightTo, r.feeMode, Number(r.firstFee)]),
    [
      [ZONE, 0, 500, 'FIRST_ADDITIONAL', 12.5],
      [ZONE, 500, 2000, 'FIRST_ADDITIONAL', 25],
    ],
  );
});

test('creates a strategy sending Singapore to the new channel and tries it in its test panel', {
  timeout: 60_000,
}, async (t) => {
  await app.withSignedInPage(t, { as: DEMO_ADMIN, at: '/physical/FreightStrategy' }, async (page) => {
    const list = page.getByTestId('strategies');
    await row(list, '东南亚默认').waitFor();

    await list.getByRole('button', { name: /新建|New/ }).click();
    await fill(page, 'strategy-name', STRATEGY.name);
    await fill(page, 'strategy-priority', '1');
    const rule = page.getByTestId('strategy-rule-0');
    await fill(page, 'strategy-rule-0-name', STRATEGY.rule);
    await choose(page, 'strategy-rule-0-countries', /^SG /, /SG/, 'SG');
    await closeDropdown(page, rule.locator('.ant-card-head-title'));
    await choose(page, 'strategy-rule-0-objective', '固定顺序', /固定顺序/);
    await choose(page, 'strategy-rule-0-channelIds', `${CARRIER.name} / ${CHANNEL.name}`, /E2E 专线/, 'E2E');
    await closeDropdown(page, rule.locator('.ant-card-head-title'));
    await page.getByTestId('strategies-form-submit').click();
    await row(list, STRATEGY.name).waitFor();
    assert.match(await text(row(list, STRATEGY.name)), /E2E 新加坡策略\s*1/);
    await drawersClosed(page);

    // its test: a 300 g parcel to Singapore matches the rule and picks the new channel
    await page.getByTestId(`strategies-test-${STRATEGY.name}`).click();
    await choose(page, 'strategy-test-country', /^SG /, /SG/, 'SG');
    await fill(page, 'strategy-test-weight', '300');
    await page.getByTestId('strategy-test-submit').click();
    const matched = page.getByTestId('strategy-test-result-matched');
    await matched.waitFor();
    assert.equal(await text(matched), `命中规则 #1:${STRATEGY.rule}`);
    assert.match(await text(page.getByTestId('strategy-test-result-pick')), /E2E 承运商 \/ E2E 专线/);
    assert.match(await text(page.getByTestId(`strategy-test-options-${CHANNEL.code}`)), /选中/);
    await page.screenshot({ path: artifact('logistics-strategy-test.png') });
  });

  const strategies = await api<{ items: { name: string; priority: number; rules: { objective: string }[] }[] }>(
    '/api/logistics/freight-strategies/all',
  );
  const saved = strategies.items.find((s) => s.name === STRATEGY.name);
  assert.deepEqual([saved?.priority, saved?.rules.map((r) => r.objective)], [1, ['FIXED']]);
});

interface ProductListItem {
  id: string;
  sku: string;
  name: string;
}
interface ProductDetail extends ProductListItem {
  weight: number | null;
  packageWeight: number | null;
  specialAttributes: string[];
}

/** A demo SKU without special attributes whose shipping weight (package weight, else weight) the new bands price. */
async function demoSku(): Promise<{ sku: string; name: string; grams: number }> {
  const list = await api<{ items: ProductListItem[] }>('/api/catalog/products?filter=DEMO-&sorting=sku%20asc');
  for (const item of list.items) {
    const p = await api<ProductDetail>(`/api/catalog/products/${item.id}`);
    const grams = p.packageWeight ?? p.weight;
    if (grams && grams > BANDS[0].first && grams <= 2000 && p.specialAttributes.length === 0)
      return { sku: p.sku, name: p.name, grams };
  }
  assert.fail('a demo SKU with a weight up to 2000 g and no special attributes');
}

test('estimates a demo SKU to Singapore: the new channel picked, its breakdown, the channels left out', {
  timeout: 90_000,
}, async (t) => {
  const sku = await demoSku();
  const price = expectedPrice(sku.grams);
  await app.withSignedInPage(t, { as: DEMO_ADMIN, at: '/physical/Charge' }, async (page) => {
    await page.getByTestId('estimate-empty').waitFor();

    await page.getByTestId('estimate-mode-sku').click();
    await choose(page, 'estimate-sku-0', `${sku.sku} ${sku.name}`, new RegExp(sku.sku), sku.sku);
    await choose(page, 'estimate-country', /^SG /, /SG/, 'SG');
    await page.getByTestId('estimate-submit').click();

    const options = page.getByTestId('estimate-options');
    const option = options.getByTestId(`estimate-option-${CHANNEL.code}`);
    await option.waitFor();
    assert.match(await text(page.getByTestId('estimate-parcel')), new RegExp(`${sku.grams} g`));
    assert.equal(await text(page.getByTestId('estimate-strategy-result-matched')), `命中规则 #1:${STRATEGY.rule}`);
    // the strategy's pick is tagged on the new channel's row, and only there
    assert.equal(await options.getByTestId('estimate-picked').count(), 1);
    assert.equal(await text(option.getByTestId('estimate-picked')), '选中');
    assert.match(await text(option), new RegExp(`${price.total} CNY`));

    // the breakdown, as computed by hand from the imported bands and the SKU's weight
    await option.locator('.ant-table-row-expand-icon').click();
    const breakdown = page.getByTestId(`estimate-breakdown-${CHANNEL.code}`);
    await breakdown.waitFor();
    const part = async (label: RegExp) =>
      text(breakdown.locator('tr', { has: page.locator('th', { hasText: label }) }).locator('td'));
    assert.match(await part(/^运费$/), new RegExp(`^${price.freight} CNY`));
    assert.equal(await part(/^燃油附加费/), `${price.fuel} CNY`);
    assert.equal(await part(/^挂号费$/), `${price.registration} CNY`);
    assert.equal(await part(/^总价$/), `${price.total} CNY`);

    await page.getByTestId('estimate-chart').waitFor();
    await page.getByTestId('estimate-result').screenshot({ path: artifact('logistics-estimate.png') });

    // a 60 kg parcel: the post channels refuse it by weight, the new channel has no band for it
    await page.getByTestId('estimate-mode-parcel').click();
    await fill(page, 'estimate-weight', '60000');
    await page.getByTestId('estimate-submit').click();
    const excluded = page.getByTestId('estimate-excluded');
    await eventually(async () => assert.match(await text(excluded), /计费重 60000 克没有对应的价格。/));
    for (const post of ['CNPOST-SMALL', 'CNPOST-REG'])
      assert.match(await text(page.getByTestId(`estimate-excluded-${post}`)), /超过最大重量 2000 克。/);
    assert.match(
      await text(page.getByTestId(`estimate-excluded-${CHANNEL.code}`)),
      /E2E 承运商 \/ E2E 专线.*计费重 60000 克没有对应的价格。/,
    );
    await options.getByText('没有渠道能承运该包裹。').waitFor();
  });
});
