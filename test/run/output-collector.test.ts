import { describe, expect, it } from 'vitest';
import { OutputCollector } from '../../src/run/process/output-collector.js';

describe('OutputCollector', () => {
  it('keeps everything under the cap', () => {
    const collector = new OutputCollector(10);
    collector.push(Buffer.from('abc'));
    collector.push(Buffer.from('def'));
    expect([collector.text(), collector.truncated]).toEqual(['abcdef', false]);
  });

  it('keeps exactly the cap and drops the rest', () => {
    const collector = new OutputCollector(4);
    for (let index = 0; index < 1000; index++) collector.push(Buffer.from('xyz'));
    expect([collector.text(), collector.truncated]).toEqual(['xyzx', true]);
  });
});
