import { useState } from 'react';
import { Access, ConfirmButton } from '../../../components/crud/index.ts';
import { useUi } from '../../../lib/ui-bridge.ts';
import { SL } from '../api.ts';

export interface BulkRunProps<T> {
  /** The selected rows. */
  rows: T[];
  /** Whether a row takes the action (the others are left as they are). */
  applies?(row: T): boolean;
  /** One row's call; a refusal is counted, not notified one by one. */
  run(row: T): Promise<unknown>;
  /** Called once every row has been tried (the list clears its selection and reads again). */
  done(): void;
  permission: string;
  /** The button's text. */
  label: string;
  /** The question, given how many rows take the action. */
  question(count: number): string;
  danger?: boolean;
  testid: string;
}

/**
 * An action on the selected rows of a list, one call per row after asking, with its progress on
 * the button ("3/10") and the outcome in one message (how many were done, how many refused).
 */
export function BulkRun<T>({ rows, applies, run, done, permission, label, question, danger, testid }: BulkRunProps<T>) {
  const { message } = useUi();
  const [progress, setProgress] = useState<{ at: number; of: number } | null>(null);
  const targets = applies ? rows.filter(applies) : rows;
  const go = async () => {
    let ok = 0;
    let failed = 0;
    setProgress({ at: 0, of: targets.length });
    for (const [i, row] of targets.entries()) {
      try {
        await run(row);
        ok++;
      } catch {
        failed++;
      }
      setProgress({ at: i + 1, of: targets.length });
    }
    setProgress(null);
    if (failed) message.warning(SL('BulkPartly', ok, failed));
    else message.success(SL('BulkDone', ok));
    done();
  };
  return (
    <Access permission={permission}>
      <ConfirmButton
        link={false}
        danger={danger}
        title={question(targets.length)}
        okText={label}
        disabled={!targets.length}
        loading={progress !== null}
        onConfirm={go}
        testid={testid}
      >
        {progress ? SL('BulkProgress', progress.at, progress.of) : label}
      </ConfirmButton>
    </Access>
  );
}
