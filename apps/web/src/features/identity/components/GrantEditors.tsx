import { ClaimsEditor } from './ClaimsEditor.tsx';
import { PermissionEditor } from './PermissionEditor.tsx';

/** The role or user whose permissions or claims are being edited, and which of the two editors is open. */
export interface GrantTarget {
  editor: 'permissions' | 'claims';
  id: string;
  /** what the permission API keys this subject by: a role's name, a user's id */
  permissionKey: string;
  displayName: string;
}

/** The permission or claim editor of a role or user row; nothing while no target is set. */
export function GrantEditors({
  kind,
  target,
  onClose,
}: {
  kind: 'roles' | 'users';
  target: GrantTarget | null;
  onClose: () => void;
}) {
  if (!target) return null;
  if (target.editor === 'permissions')
    return (
      <PermissionEditor
        open
        providerName={kind === 'roles' ? 'R' : 'U'}
        providerKey={target.permissionKey}
        displayName={target.displayName}
        onClose={onClose}
      />
    );
  return <ClaimsEditor open kind={kind} id={target.id} displayName={target.displayName} onClose={onClose} />;
}
