import { DeleteAction, type DeleteActionProps } from '../../../components/crud/index.ts';
import { LC } from '../api.ts';

/**
 * A row's delete that moves it to the catalogue's recycle bin (products, a product's vendors):
 * confirmed without the "cannot be undone" warning, since the bin restores it.
 */
export function RecycleAction({
  permission,
  onConfirm,
  testid,
}: Pick<DeleteActionProps, 'permission' | 'onConfirm' | 'testid'>) {
  return (
    <DeleteAction
      permission={permission}
      warning={null}
      doneText={LC('MovedToRecycle')}
      onConfirm={onConfirm}
      testid={testid}
    />
  );
}
