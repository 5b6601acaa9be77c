import { describe, it } from 'vitest';
describe('downloadReport', () => {
  it.todo('writes the body to dest');
});
