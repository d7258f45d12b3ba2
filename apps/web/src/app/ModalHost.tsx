import { Modal } from 'antd';
import { useEffect } from 'react';
import { setModalApi } from '../lib/ui-bridge.ts';

/** Lazily mounted holder of antd's modal hook (themed confirm dialogs such as the re-login one). */
export default function ModalHost() {
  const [modal, holder] = Modal.useModal();
  useEffect(() => {
    setModalApi(modal);
  }, [modal]);
  return holder;
}
