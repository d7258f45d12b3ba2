import type { TextResources } from '../../../core/module.ts';

/**
 * Texts of the gather list (`/product/gather-list`) and the collector page (`/product/collector`)
 * in the web app, resource `Catalog`, all under `GatherPage:` (the API's own messages are in `texts.ts`).
 */

const pair: Record<string, [en: string, zh: string]> = {
  Title: ['Gathered products', '采集箱'],
  DetailTitle: ['Gathered product', '采集商品详情'],
  AllStatuses: ['All', '全部'],
  'Status:NEW': ['New', '未认领'],
  'Status:CLAIMED': ['Claimed', '已认领'],
  'Status:IGNORED': ['Ignored', '已忽略'],
  'Platform:1688': ['1688', '1688'],
  'Platform:TAOBAO': ['Taobao', '淘宝'],
  'Platform:TMALL': ['Tmall', '天猫'],
  'Platform:ALIEXPRESS': ['AliExpress', '速卖通'],
  'Platform:SHOPEE': ['Shopee', 'Shopee'],
  'Platform:LAZADA': ['Lazada', 'Lazada'],
  'Platform:AMAZON': ['Amazon', '亚马逊'],
  'Platform:OTHER': ['Other', '其他'],
  'Origin:extension': ['Browser extension', '浏览器插件'],
  'Origin:manual': ['Entered', '手动录入'],
  'Origin:url': ['Gathered by URL', '链接采集'],
  'Origin:upload': ['Uploaded file', '文件上传'],
  'Origin:seed': ['Sample data', '示例数据'],

  'Column:Image': ['Image', '图片'],
  'Column:Title': ['Title', '标题'],
  'Column:Platform': ['Platform', '来源平台'],
  'Column:Price': ['Price', '价格'],
  'Column:SkuCount': ['SKUs', 'SKU 数'],
  'Column:Supplier': ['Supplier', '供应商'],
  'Column:Status': ['Status', '状态'],
  'Column:ClaimCount': ['Claims', '认领次数'],
  'Column:Gatherer': ['Gathered by', '采集人'],
  'Column:GatheredAt': ['Gathered at', '采集时间'],
  'Column:SourceUrl': ['Source URL', '来源链接'],
  'Column:ItemId': ['Item id', '商品 ID'],
  'Column:Origin': ['Came in by', '采集方式'],
  'Column:Stock': ['Stock', '库存'],
  'Column:SourceSkuId': ['Source SKU id', '来源 SKU ID'],
  'Column:Url': ['URL', '链接'],
  'Column:Result': ['Result', '结果'],
  'Column:Detail': ['Detail', '说明'],
  'Column:Row': ['Row', '行'],
  'Column:Field': ['Field', '字段'],
  Source: ['Source', '来源'],

  KeywordPlaceholder: ['Title, URL, item id, supplier', '标题、链接、商品 ID、供应商'],
  GatheredFrom: ['Gathered from', '采集开始日期'],
  GatheredTo: ['to', '结束日期'],
  Detail: ['Detail', '详情'],
  Claim: ['Claim', '认领'],
  More: ['More', '更多'],
  MarkClaimed: ['Mark as claimed', '标记为已认领'],
  Ignore: ['Ignore', '忽略'],
  Restore: ['Back to new', '恢复为未认领'],
  Selected: ['{0} selected', '已选 {0} 项'],
  BulkClaim: ['Claim selected', '批量认领'],
  BulkDelete: ['Delete selected', '批量删除'],
  BulkDeleteConfirm: ['Delete the {0} selected items?', '确定删除选中的 {0} 项吗?'],
  ClearSelection: ['Clear selection', '取消选择'],
  'Result:Claim': ['Claim results', '认领结果'],
  'Result:Delete': ['Delete results', '删除结果'],
  BulkSummary: ['{0} succeeded, {1} failed', '成功 {0} 项,失败 {1} 项'],
  RowSucceeded: ['Succeeded', '成功'],
  RowFailed: ['Failed', '失败'],

  ClaimTitle: ['Claim into the catalogue', '认领到商品库'],
  BulkClaimTitle: ['Claim {0} items into the catalogue', '认领 {0} 项到商品库'],
  ClaimHint: [
    'A product is made with the variants of the SKU matrix, the images, the specifications and a vendor link to the supplier.',
    '将按 SKU 矩阵生成商品及其变体,并复制图片、规格参数,关联供应商的采购链接。',
  ],
  Supplier: ['Supplier', '供应商'],
  SupplierHint: ['Empty: found or created by the item’s supplier name', '不选则按采集的供应商名称查找或新建'],
  SkuPrefix: ['SKU prefix', 'SKU 前缀'],
  SkuPrefixHint: ['The SKU is generated with this prefix', '按此前缀生成 SKU'],
  SkuHint: ['Empty: generated', '不填则自动生成'],
  NameHint: ['Empty: the gathered title', '不填则使用采集标题'],
  ViewProduct: ['View product', '查看商品'],

  ByUrls: ['Gather by URLs', '链接采集'],
  ByUrlsTitle: ['Gather by URLs', '链接采集'],
  ByUrlsHint: [
    'Paste product pages of 1688, Taobao, Tmall, AliExpress or Amazon, one a line (at most {0}). They are gathered in the background; each URL shows its result.',
    '粘贴 1688、淘宝、天猫、速卖通或亚马逊的商品链接,每行一个(最多 {0} 个)。后台逐个采集,并显示每个链接的结果。',
  ],
  UrlCount: ['{0} of at most {1} URLs', '{0} / {1} 个链接'],
  UrlsRequired: ['Enter at least one URL', '请至少输入一个链接'],
  TooManyUrls: ['At most {0} URLs at a time', '一次最多 {0} 个链接'],
  StartGathering: ['Start gathering', '开始采集'],
  GatherMore: ['Gather more URLs', '继续采集'],
  BatchRunning: ['Gathering… {0} of {1} done', '采集中… 已完成 {0} / {1}'],
  BatchDone: ['Done: {0} gathered, {1} failed', '采集完成:成功 {0} 个,失败 {1} 个'],
  'Row:Pending': ['Waiting', '等待中'],
  'Row:Succeeded': ['Gathered', '成功'],
  'Row:Failed': ['Failed', '失败'],

  Upload: ['Upload', '上传文件'],
  UploadTemplate: ['Download the Excel template', '下载 Excel 模板'],
  UploadDone: ['{0} items gathered', '已采集 {0} 个商品'],
  UploadPartly: [
    '{0} of {1} items were gathered; {2} problems were found in the rest (they were not gathered).',
    '共 {1} 个商品,已采集 {0} 个;其余发现 {2} 个问题(未采集)。',
  ],
  FileTooLarge: ['The file is larger than {0} MB', '文件超过 {0} MB'],

  SkuMatrix: ['SKUs ({0})', 'SKU 列表({0})'],
  NoSkus: ['The source shows no SKUs', '来源商品没有 SKU'],
  NoImages: ['No images', '没有图片'],
  Attributes: ['Source attributes', '来源属性'],
  NoAttributes: ['No attributes', '没有属性'],
  Log: ['Log', '日志'],
  Note: ['Note', '备注'],
  NotePlaceholder: ['Add a note to the log', '添加备注到日志'],
  AddNote: ['Add', '添加'],
  'Log:Gathered': ['Gathered', '采集'],
  'Log:Claimed': ['Claimed', '认领'],
  'Log:MarkedClaimed': ['Marked as claimed', '标记为已认领'],
  'Log:Ignored': ['Ignored', '忽略'],
  'Log:Restored': ['Back to new', '恢复为未认领'],
  'Log:Note': ['Note', '备注'],

  'Collector:Intro': [
    'A browser extension for Chrome and Edge: on a product page, one click sends the product — title, images, prices, the SKU matrix, attributes and supplier — to your gathered products, signed in as you.',
    '适用于 Chrome 和 Edge 的浏览器插件:在商品页面点击一下,即可将商品的标题、图片、价格、SKU 矩阵、属性和供应商以您的身份发送到采集箱。',
  ],
  'Collector:Sources': ['Reads:', '支持:'],
  'Collector:AnyProductPage': ['Any page with product data (schema.org)', '带商品结构化数据(schema.org)的页面'],
  'Collector:Download': ['Download the extension (ZIP)', '下载插件(ZIP)'],
  'Collector:InstallTitle': ['Install', '安装步骤'],
  'Collector:Step1': ['Download the ZIP and unpack it', '下载 ZIP 并解压'],
  'Collector:Step1Detail': [
    'It holds this admin’s address and your tenant, so the extension starts with them filled in.',
    '压缩包中已包含本系统的地址和您的租户,插件会自动填写。',
  ],
  'Collector:Step2': ['Open the extensions page and switch on Developer mode', '打开扩展程序页面,开启“开发者模式”'],
  'Collector:Step3': [
    'Press “Load unpacked” and pick the unpacked collector folder',
    '点击“加载已解压的扩展程序”,选择解压后的 collector 文件夹',
  ],
  'Collector:Step3Detail': ['Pin the extension to the toolbar to reach it in one click.', '建议将插件固定到工具栏。'],
  'Collector:Step4': ['Open a product page and press the extension', '打开商品页面,点击插件图标'],
  'Collector:Step4Detail': [
    'Sign in once with your user name and password (allow the extension to reach this admin when asked), then press “Collect this product”.',
    '首次使用时用您的用户名和密码登录(浏览器询问时允许插件访问本系统),然后点击“采集当前商品”。',
  ],
  'Collector:Step5': ['Find it in the gathered products', '在采集箱中查看'],
  'Collector:Step5Detail': ['Open the gathered products', '打开采集箱'],
  'Collector:OtherWaysTitle': ['Other ways in', '其他采集方式'],
  'Collector:OtherWays': [
    'Without the extension, the gathered products page takes source URLs (gathered in the background) and JSON or Excel files.',
    '不使用插件时,也可以在采集箱中粘贴商品链接(后台采集),或上传 JSON、Excel 文件。',
  ],
  'Collector:Privacy': [
    'The extension reads a page only when you press it, and sends it only to this admin. Your sign-in stays in the browser’s extension storage until you sign out.',
    '插件只在您点击时读取当前页面,且只发送到本系统。登录信息保存在浏览器的插件存储中,退出登录即清除。',
  ],
};

const en: Record<string, string> = {};
const zh: Record<string, string> = {};
for (const [key, [e, z]] of Object.entries(pair)) {
  en[`GatherPage:${key}`] = e;
  zh[`GatherPage:${key}`] = z;
}

export const texts: TextResources = { Catalog: { en, 'zh-Hans': zh } };
