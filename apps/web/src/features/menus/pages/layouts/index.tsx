import { PlatformType } from '@seller/contracts/constants';
import { layoutList, layoutUpdateInput } from '@seller/contracts/menus';
import { useQueryClient } from '@tanstack/react-query';
import { Checkbox, Input, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CrudField, FormOverlay, TextField, useRowEditor } from '../../../../components/crud/index.ts';
import { ListPage } from '../../../../components/list/index.ts';
import {
  flagsOf,
  LAYOUTS_URL,
  type LayoutDto,
  LP,
  layoutsApi,
  platformFlags,
  platformLabel,
  typeOf,
} from '../../api.ts';

const P = 'Platform.Layout';

/** The server's layout input, with the platform type as flags. */
function layoutSchema() {
  return layoutUpdateInput.omit({ platformType: true, meta: true }).extend({
    platformFlags: z.array(z.number()).min(1, LP('DisplayName:PlatformType')),
  });
}

type FormValues = z.input<ReturnType<typeof layoutSchema>>;

/** /container/layouts: layouts CRUD (a layout is the frame menus are shown in). */
export default function LayoutsPage() {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  // biome-ignore lint/correctness/useExhaustiveDependencies: texts follow the language
  const schema = useMemo(layoutSchema, [i18n.language]);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: [LAYOUTS_URL] });
    // the menu form's layout picker
    await queryClient.invalidateQueries({ queryKey: ['layouts'] });
  };
  const editor = useRowEditor<LayoutDto, FormValues>({
    permission: P,
    testid: 'layout',
    label: (r) => r.name,
    deleteTitle: (r) => (
      <>
        {LP('DeleteLayout', r.displayName)}
        <div style={{ fontWeight: 'normal' }}>{LP('DeleteLayoutDetails')}</div>
      </>
    ),
    remove: (r) => layoutsApi.remove(r.id),
    refresh,
    formOf: (target) =>
      target === 'new'
        ? {
            title: LP('NewLayout'),
            initial: { name: '', displayName: '', path: 'Layout', platformFlags: flagsOf(PlatformType.Web) },
          }
        : {
            title: LP('EditLayout', target.displayName),
            initial: {
              name: target.name,
              displayName: target.displayName,
              path: target.path,
              redirect: target.redirect,
              description: target.description,
              platformFlags: flagsOf(target.platformType),
              concurrencyStamp: target.concurrencyStamp,
            },
          },
  });
  const { editing } = editor;

  return (
    <>
      <ListPage<LayoutDto>
        list={layoutList}
        url={LAYOUTS_URL}
        testid="layouts"
        render={{ platformType: (r) => <Tag>{platformLabel(r.platformType)}</Tag> }}
        {...editor.listActions}
      />
      <FormOverlay
        {...editor.overlay}
        schema={schema}
        onSubmit={async ({ platformFlags: flags, ...v }) => {
          const input = { ...v, platformType: typeOf(flags), meta: editing !== 'new' ? editing?.meta : {} };
          if (editing === 'new') await layoutsApi.create(input);
          else if (editing) await layoutsApi.update(editing.id, input);
          await refresh();
        }}
        testid="layout-form"
      >
        <TextField name="name" label={LP('DisplayName:Name')} autoFocus data-testid="layout-name" />
        <TextField name="displayName" label={LP('DisplayName:DisplayName')} data-testid="layout-display-name" />
        <TextField name="path" label={LP('DisplayName:Path')} data-testid="layout-path" />
        <TextField name="redirect" label={LP('DisplayName:Redirect')} />
        <CrudField name="platformFlags" label={LP('DisplayName:PlatformType')}>
          <Checkbox.Group options={platformFlags.map((f) => ({ value: f.value, label: LP(`Platform:${f.key}`) }))} />
        </CrudField>
        <CrudField name="description" label={LP('DisplayName:Description')}>
          <Input.TextArea rows={3} />
        </CrudField>
      </FormOverlay>
    </>
  );
}
