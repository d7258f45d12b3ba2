import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSecretsKey, secretsFor, secretsWithKey } from './secrets.ts';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'secrets-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('secrets at rest', () => {
  it('round-trips text, versioned, never the plain text, a new IV each time', () => {
    const s = secretsWithKey(randomBytes(32));
    const a = s.encrypt('access-token-123');
    const b = s.encrypt('access-token-123');
    expect(a).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(a).not.toContain('access-token-123');
    expect(a).not.toBe(b);
    expect(s.decrypt(a)).toBe('access-token-123');
    expect(s.decrypt(s.encrypt(''))).toBe('');
    expect(s.decrypt(s.encrypt('令牌 ✓'))).toBe('令牌 ✓');
  });

  it('refuses another key, altered text and unknown versions', () => {
    const s = secretsWithKey(randomBytes(32));
    const other = secretsWithKey(randomBytes(32));
    const text = s.encrypt('secret');
    expect(() => other.decrypt(text)).toThrow();
    const raw = Buffer.from(text.slice(3), 'base64url');
    raw[raw.length - 1] ^= 1;
    expect(() => s.decrypt(`v1:${raw.toString('base64url')}`)).toThrow();
    expect(() => s.decrypt(`v2:${text.slice(3)}`)).toThrow();
    expect(() => s.decrypt('plain')).toThrow();
  });

  it('reads keys as base64 or hex, 32 bytes only', () => {
    const key = randomBytes(32);
    expect(parseSecretsKey(key.toString('base64')).equals(key)).toBe(true);
    expect(parseSecretsKey(key.toString('hex')).equals(key)).toBe(true);
    expect(() => parseSecretsKey(randomBytes(16).toString('base64'))).toThrow(/SECRETS_KEY/);
  });

  it('uses the configured key: another app with the same key reads the secret', async () => {
    const key = randomBytes(32).toString('base64');
    const dataDir = await tempDir();
    const a = await secretsFor({ secretsKey: key, production: true, dataDir });
    const b = await secretsFor({ secretsKey: key, production: false, dataDir });
    expect(b.decrypt(a.encrypt('x'))).toBe('x');
    await expect(stat(join(dataDir, 'secrets.key'))).rejects.toThrow();
  });

  it('production refuses to start without a key', async () => {
    await expect(secretsFor({ production: true, dataDir: await tempDir() })).rejects.toThrow(/SECRETS_KEY must be set/);
  });

  it('elsewhere keeps a key file created once (0600) and read by later starts', async () => {
    const dataDir = await tempDir();
    const first = await secretsFor({ production: false, dataDir });
    const file = join(dataDir, 'secrets.key');
    const content = await readFile(file, 'utf8');
    expect(parseSecretsKey(content)).toHaveLength(32);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    const second = await secretsFor({ production: false, dataDir });
    expect(second.decrypt(first.encrypt('kept'))).toBe('kept');
    expect(await readFile(file, 'utf8')).toBe(content);
  });
});
