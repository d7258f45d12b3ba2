import { TranslationOutlined } from '@ant-design/icons';
import { type Culture, Cultures } from '@seller/contracts/constants';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { switchLanguage } from '../lib/session/language.ts';
import { useSession } from '../lib/session/store.ts';
import './language-switch.css';

const labels: Record<Culture, string> = { 'zh-Hans': '简体中文', en: 'English' };

/**
 * zh-Hans / en switch: data-testid language-switch opens the list, options are
 * language-option-<culture>. Deliberately free of antd's Dropdown/Menu so the sign-in screen stays small.
 */
export function LanguageSwitch({ showLabel = false }: { showLabel?: boolean }) {
  const language = useSession((s) => s.language);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="lang-switch" ref={ref}>
      <Button
        type="text"
        icon={<TranslationOutlined />}
        data-testid="language-switch"
        aria-label="language"
        aria-haspopup="listbox"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {showLabel ? labels[language] : null}
      </Button>
      {open && (
        <div className="lang-switch-list" role="listbox" aria-label="language">
          {Cultures.map((c) => (
            <button
              type="button"
              role="option"
              key={c}
              aria-selected={c === language}
              data-testid={`language-option-${c}`}
              className={c === language ? 'selected' : undefined}
              onClick={() => {
                setOpen(false);
                void switchLanguage(c);
              }}
            >
              {labels[c]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
