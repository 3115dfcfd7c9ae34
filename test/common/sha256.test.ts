import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/common/sha256.js';

describe('sha256Hex', () => {
  it("is node:crypto's SHA-256, of bytes and of a string's UTF-8", () => {
    const bytes = Uint8Array.from({ length: 300 }, (_, index) => (index * 131) & 0xff);
    expect(sha256Hex(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(sha256Hex('é🙂')).toBe(createHash('sha256').update(Buffer.from('é🙂', 'utf8')).digest('hex'));
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
