import type { Culture } from '@seller/contracts';
import type { PurchaseOrderDetailDto } from '@seller/contracts/trade';
import { t } from '../../../core/localization/index.ts';

const esc = (v: unknown) =>
  String(v ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A printable page of one PO (the browser prints it), in the user's language; every value escaped. */
export function printOrder(po: PurchaseOrderDetailDto, culture: Culture): string {
  const L = (key: string) => esc(t(culture, `Purchase::${key}`));
  const head = (pairs: [string, unknown][]) =>
    pairs.map(([k, v]) => `<div><span class="k">${L(k)}</span> ${esc(v)}</div>`).join('');
  const rows = po.lines
    .map(
      (l) =>
        `<tr><td>${l.lineNo}</td><td>${esc(l.sku)}</td><td>${esc(l.productName)}</td><td class="n">${l.qtyOrdered}</td><td class="n">${esc(l.unitPrice)}</td><td class="n">${esc(l.taxRate)}%</td><td class="n">${esc(l.amount)}</td><td class="n">${l.qtyReceived}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${culture === 'zh-Hans' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><title>${esc(po.poNo)}</title>
<style>
body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;margin:24px;color:#222}
h1{font-size:20px;margin:0 0 12px}.grid{display:grid;grid-template-columns:repeat(3,1fr);gap:6px 24px;margin-bottom:16px}
.k{color:#666;margin-right:6px}table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:4px 6px;font-size:13px}
th{background:#f2f2f2}.n{text-align:right}.totals{margin-top:12px;text-align:right;line-height:1.8}
@media print{body{margin:0}}
</style></head>
<body onload="window.print()">
<h1>${L('Print:Title')} ${esc(po.poNo)}</h1>
<div class="grid">${head([
    ['Field:Supplier', po.supplierName],
    ['Field:Warehouse', po.warehouseName],
    ['Field:Status', t(culture, `Purchase::Status:${po.status}`)],
    ['Field:Currency', `${po.currency} (${po.fxRate})`],
    ['Field:ExpectedArrival', po.expectedArrival ?? ''],
    ['Field:CreationTime', po.creationTime.toISOString().slice(0, 10)],
    ['Field:ApprovedBy', po.approvedBy ?? ''],
    ['Field:Remark', po.remark ?? ''],
  ])}</div>
<table><thead><tr><th>#</th><th>SKU</th><th>${L('Field:Product')}</th><th>${L('Field:QtyOrdered')}</th><th>${L('Field:UnitPrice')}</th><th>${L('Field:TaxRate')}</th><th>${L('Field:Amount')}</th><th>${L('Field:QtyReceived')}</th></tr></thead>
<tbody>${rows}</tbody></table>
<div class="totals">
<div>${L('Field:GoodsAmount')}: ${esc(po.goodsAmount)}</div><div>${L('Field:Tax')}: ${esc(po.tax)}</div>
<div>${L('Field:Freight')}: ${esc(po.freight)}</div><div>${L('Field:Discount')}: −${esc(po.discount)}</div>
<div><b>${L('Field:Total')}: ${esc(po.total)} ${esc(po.currency)}</b></div>
</div>
</body></html>`;
}
