import { bilingual } from '../../../core/localization/pairs.ts';
import type { TextResources } from '../../../core/module.ts';

/** Texts of the SKU image export (server messages and its page), under `Catalog::SkuImages:…`. */
const pairs: Record<string, [en: string, zh: string]> = {
  // server messages
  NothingChosen: ['Choose products, enter SKUs or use the product filter.', '请选择商品、输入SKU或使用商品筛选条件。'],
  OneSelection: [
    'Choose products, SKUs or a filter: one of them, not several.',
    '商品、SKU和筛选条件只能选择其中一种。',
  ],
  NothingMatches: ['No product matches this filter.', '没有符合筛选条件的商品。'],
  TooManyProducts: [
    'This filter selects more than {0} products: narrow it down.',
    '筛选结果超过 {0} 个商品,请缩小范围。',
  ],
  NotReady: ['The archive is not ready yet.', '压缩包尚未生成完成。'],
  Failed: ['The archive could not be built. Try again.', '压缩包生成失败,请重试。'],
  Interrupted: ['The export was interrupted. Start it again.', '导出已中断,请重新开始。'],
  // the page
  Title: ['SKU image export', 'SKU图片下载'],
  Intro: [
    'Download the images of products or SKUs as one ZIP. The main image is named <SKU>.jpg and the gallery <SKU>_2.jpg, <SKU>_3.jpg…; an image stored as PNG, GIF or WebP keeps its own extension. Variants with an image of their own get <variant SKU>.jpg. SKUs without images are listed in missing.txt inside the archive. Archives are kept for {0} days.',
    '将商品或SKU的图片打包为一个ZIP下载。主图命名为 <SKU>.jpg,附图依次为 <SKU>_2.jpg、<SKU>_3.jpg…;PNG、GIF、WebP 格式的图片保留原扩展名。有独立图片的变体命名为 <变体SKU>.jpg。没有图片的SKU列在压缩包内的 missing.txt 中。压缩包保留 {0} 天。',
  ],
  'Mode:products': ['Choose products', '选择商品'],
  'Mode:skus': ['Enter SKUs', '输入SKU'],
  'Mode:filter': ['By filter', '按筛选条件'],
  ProductsPlaceholder: ['Search products by SKU or name', '按SKU或名称搜索商品'],
  SkusPlaceholder: [
    'One SKU per line (or separated by commas or spaces); variant SKUs too',
    '每行一个SKU(也可用逗号或空格分隔),可输入变体SKU',
  ],
  SkusCount: ['{0} SKUs', '{0} 个SKU'],
  FilterKeyword: ['Keyword (SKU or name)', '关键词(SKU或名称)'],
  FilterCategory: ['Category', '分类'],
  FilterStatus: ['Status', '状态'],
  FilterHint: ['At most {0} products per export.', '每次导出最多 {0} 个商品。'],
  Start: ['Export images', '导出图片'],
  Started: ['Export started.', '已开始导出。'],
  Exports: ['My exports', '我的导出'],
  NoExports: ['No exports yet.', '暂无导出记录。'],
  'Column:Created': ['Created', '创建时间'],
  'Column:Selection': ['Selection', '选择范围'],
  'Column:Status': ['Status', '状态'],
  'Column:Progress': ['Progress', '进度'],
  'Column:Size': ['Size', '大小'],
  'Column:Actions': ['Actions', '操作'],
  'Selection:products': ['{0} products', '{0} 个商品'],
  'Selection:skus': ['{0} SKUs', '{0} 个SKU'],
  'Selection:filter': ['Filter: {0} products', '筛选:{0} 个商品'],
  'Status:queued': ['Queued', '排队中'],
  'Status:running': ['Running', '进行中'],
  'Status:completed': ['Completed', '已完成'],
  'Status:failed': ['Failed', '失败'],
  ImagesDone: ['{0} / {1} images', '{0} / {1} 张图片'],
  MissingCount: ['{0} SKUs without images (see missing.txt)', '{0} 个SKU无图片(见 missing.txt)'],
  Download: ['Download', '下载'],
  Delete: ['Delete', '删除'],
  DeleteConfirm: ['Delete this export and its archive?', '确定删除该导出及其压缩包吗?'],
  Deleted: ['Deleted.', '已删除。'],
};

export const texts: TextResources = {
  Catalog: bilingual(pairs, 'SkuImages:'),
  Menus: { en: { SkuDownloadImg: 'SKU image export' }, 'zh-Hans': { SkuDownloadImg: 'SKU图片下载' } },
  // the job's name in the shell's progress toast and on the background jobs page
  JobQueues: {
    en: { 'catalog.sku-image-export': 'SKU image export' },
    'zh-Hans': { 'catalog.sku-image-export': 'SKU图片导出' },
  },
};
