import { Alert, Button, Drawer, Input, type InputRef, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { HttpError } from '../../../../lib/http/errors.ts';
import { useUi } from '../../../../lib/ui-bridge.ts';
import { type ShipmentDetail, SL, shipmentsApi } from '../../api/shipments.ts';

/** A short low buzz for a refused scan (Web Audio; silent where there is none). */
export function refusalBeep() {
  const Ctx =
    globalThis.AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return;
  const audio = new Ctx();
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = 'square';
  osc.frequency.value = 220;
  gain.gain.value = 0.2;
  osc.connect(gain).connect(audio.destination);
  osc.start();
  osc.stop(audio.currentTime + 0.25);
  osc.onended = () => void audio.close();
}

interface Line {
  key: string;
  sku: string;
  name: string;
  expected: number;
}

/** The parcel's lines by SKU (any case), the quantities summed. */
function linesOf(parcel: ShipmentDetail): Line[] {
  const lines = new Map<string, Line>();
  for (const i of parcel.items) {
    const key = i.sku.toUpperCase();
    const line = lines.get(key) ?? { key, sku: i.sku, name: i.name, expected: 0 };
    line.expected += i.quantity;
    lines.set(key, line);
  }
  return [...lines.values()];
}

const errorText = (e: unknown) =>
  e instanceof HttpError ? (e.error?.validationErrors?.[0]?.message ?? e.error?.message ?? e.message) : String(e);

/**
 * The packing check by scanning: a keyboard-wedge scanner types into the box and presses Enter.
 * First the order or tracking number finds the parcel; then each item's SKU bar code ticks its
 * line. A SKU not in the parcel, or one more than it holds, is refused in red with a buzz; the
 * parcel is marked packed (the server checks the scanned SKUs again) only when every line matches.
 */
export function ScanPack({ open, onClose, onPacked }: { open: boolean; onClose(): void; onPacked(): void }) {
  const { message } = useUi();
  const input = useRef<InputRef>(null);
  const [code, setCode] = useState('');
  const [parcel, setParcel] = useState<ShipmentDetail | null>(null);
  const [scanned, setScanned] = useState<Record<string, number>>({});
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const lines = parcel ? linesOf(parcel) : [];
  const complete = lines.length > 0 && lines.every((l) => (scanned[l.key] ?? 0) === l.expected);
  const packable = parcel?.status === 'LABELLED';

  const focus = () => setTimeout(() => input.current?.focus(), 0);
  useEffect(() => {
    if (open) setTimeout(() => input.current?.focus(), 0);
  }, [open]);
  const refuse = (text: string) => {
    setFeedback({ ok: false, text });
    refusalBeep();
  };
  const reset = () => {
    setParcel(null);
    setScanned({});
    setFeedback(null);
    focus();
  };

  const onScan = async (raw: string) => {
    const value = raw.trim();
    setCode('');
    if (!value) return;
    if (!parcel) {
      setBusy(true);
      try {
        const found = await shipmentsApi.scan(value);
        setParcel(found);
        setScanned({});
        if (found.status === 'LABELLED') setFeedback(null);
        else refuse(SL('Scan:NotPackable', SL(`Status:${found.status}`)));
      } catch (e) {
        refuse(errorText(e));
      } finally {
        setBusy(false);
        focus();
      }
      return;
    }
    const line = lines.find((l) => l.key === value.toUpperCase());
    if (!line) return refuse(SL('Scan:WrongSku', value));
    const now = scanned[line.key] ?? 0;
    if (now >= line.expected) return refuse(SL('Scan:TooMany', line.sku, line.expected));
    setScanned({ ...scanned, [line.key]: now + 1 });
    setFeedback({ ok: true, text: SL('Scan:Ok', line.sku) });
  };

  const pack = async () => {
    if (!parcel) return;
    setBusy(true);
    try {
      await shipmentsApi.pack(
        parcel.id,
        lines.map((l) => ({ sku: l.sku, quantity: scanned[l.key] ?? 0 })).filter((l) => l.quantity > 0),
      );
      message.success(SL('Scan:Packed', parcel.shipmentNo));
      onPacked();
      reset();
    } catch (e) {
      refuse(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={() => {
        reset();
        onClose();
      }}
      title={SL('Scan:Open')}
      size={640}
      destroyOnHidden
      data-testid="scan-pack"
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Input
          ref={input}
          size="large"
          value={code}
          disabled={busy}
          placeholder={parcel ? SL('Scan:Item') : SL('Scan:Parcel')}
          onChange={(e) => setCode(e.target.value)}
          onPressEnter={() => void onScan(code)}
          data-testid="scan-input"
          autoComplete="off"
        />
        {feedback && (
          <Alert
            type={feedback.ok ? 'success' : 'error'}
            title={feedback.text}
            showIcon
            data-testid={feedback.ok ? 'scan-ok' : 'scan-refused'}
          />
        )}
        {parcel && (
          <>
            <Space wrap>
              <Typography.Text strong data-testid="scan-parcel">
                {parcel.shipmentNo}
              </Typography.Text>
              <Typography.Text>{parcel.trackingNo}</Typography.Text>
              <Typography.Text type="secondary">{parcel.orderNos.split(',').join(', ')}</Typography.Text>
              <Tag>{SL(`Status:${parcel.status}`)}</Tag>
            </Space>
            <Table<Line & { scanned: number }>
              size="small"
              rowKey="key"
              pagination={false}
              // the count in the record: a cell is drawn again when its record changes
              dataSource={lines.map((l) => ({ ...l, scanned: scanned[l.key] ?? 0 }))}
              data-testid="scan-lines"
              columns={[
                { title: SL('Pick:Sku'), dataIndex: 'sku', width: 160 },
                { title: SL('Pick:Name'), dataIndex: 'name', ellipsis: true },
                { title: SL('Scan:Expected'), dataIndex: 'expected', width: 70, align: 'right' },
                {
                  title: SL('Scan:Scanned'),
                  dataIndex: 'scanned',
                  width: 80,
                  align: 'right',
                  render: (n: number, l) => (
                    <Tag color={n === l.expected ? 'success' : 'default'} data-testid={`scan-count-${l.sku}`}>
                      {n}/{l.expected}
                    </Tag>
                  ),
                },
              ]}
            />
            {complete && packable && <Alert type="success" title={SL('Scan:AllMatch')} />}
            <Space>
              <Button
                type="primary"
                disabled={!complete || !packable}
                loading={busy}
                onClick={() => void pack()}
                data-testid="scan-pack-confirm"
              >
                {SL('Scan:Pack')}
              </Button>
              <Button onClick={reset} data-testid="scan-reset">
                {SL('Scan:Reset')}
              </Button>
            </Space>
          </>
        )}
      </Space>
    </Drawer>
  );
}
