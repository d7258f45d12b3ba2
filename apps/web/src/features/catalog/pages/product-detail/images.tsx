import { DeleteOutlined, StarOutlined, UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Popconfirm, Space, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Access } from '../../../../components/crud/index.ts';
import { FileImage } from '../../../../components/FileImage.tsx';
import { IconButton } from '../../../../components/IconButton.tsx';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { LC } from '../../api.ts';
import { filesApi, type ProductDto, productsApi } from '../../products-api.ts';

const P = 'Catalog.Products.Update';
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** Main image and gallery of a product: upload (files service, then `add-images`), set main, remove. */
export function ProductImages({ product }: { product: ProductDto }) {
  const { t } = useTranslation();
  const { message } = useUi();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['catalog', 'products'] });
  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
      await refresh();
    } catch {
      // the HTTP client has notified
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title={LC('Images')}
      size="small"
      data-testid="product-images"
      extra={
        <Access permission={P}>
          <Upload
            accept={ACCEPT}
            multiple
            showUploadList={false}
            customRequest={async ({ file, onSuccess, onError }) => {
              const blob = file as File;
              try {
                const stored = await filesApi.upload(blob, blob.name);
                await productsApi.addImages(product.id, [stored.url]);
                onSuccess?.(stored);
                message.success(t('crud.saved'));
                await refresh();
              } catch (e) {
                onError?.(e as Error);
              }
            }}
          >
            <Button size="small" icon={<UploadOutlined />} loading={busy} data-testid="image-upload">
              {LC('UploadImage')}
            </Button>
          </Upload>
        </Access>
      }
    >
      {product.images.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Space wrap size="middle">
          {product.images.map((url) => {
            const main = url === product.mainImage;
            return (
              <Space key={url} orientation="vertical" size={4} align="center" data-testid="product-image">
                <FileImage url={url} size={main ? 160 : 96} alt={product.name} />
                {main ? (
                  <Tag color="gold" data-testid="product-image-main">
                    {LC('MainImage')}
                  </Tag>
                ) : null}
                <Access permission={P}>
                  <Space size={0}>
                    {!main && (
                      <IconButton
                        title={LC('SetMainImage')}
                        type="text"
                        size="small"
                        icon={<StarOutlined />}
                        onClick={() => act(() => productsApi.addImages(product.id, [url], url))}
                      />
                    )}
                    <Popconfirm
                      title={t('crud.deleteTitle')}
                      okText={t('crud.delete')}
                      cancelText={t('common.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => act(() => productsApi.removeImages(product.id, [url]))}
                    >
                      <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('crud.delete')} />
                    </Popconfirm>
                  </Space>
                </Access>
              </Space>
            );
          })}
        </Space>
      )}
    </Card>
  );
}
