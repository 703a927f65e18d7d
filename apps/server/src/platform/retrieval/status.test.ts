import { describe, expect, it } from 'vitest';
import { isInForce, storedStatus, statusOfRow } from './status';

describe('a section\'s stored status', () => {
  it('keeps "Reserved" apart from "Repealed": a number held for later is not a law taken out', () => {
    expect(storedStatus({ status: 'in_force', text: 'Reserved.' })).toBe('reserved');
    expect(storedStatus({ status: 'in_force', text: '[Reserved]' })).toBe('reserved');
    expect(storedStatus({ status: 'in_force', text: '', title: '{Reserved}' })).toBe('reserved');
    expect(storedStatus({ status: 'in_force', text: 'Repealed.' })).toBe('repealed');
    expect(storedStatus({ status: 'in_force', text: 'Expired.' })).toBe('repealed');
    expect(storedStatus({ status: 'repealed', text: 'Repealed by Ord. 75-235.' })).toBe('repealed');
    expect(storedStatus({ status: 'reserved', text: '' })).toBe('reserved');
  });

  it('leaves a section in force whose words only begin like a placeholder', () => {
    expect(storedStatus({ status: 'in_force', text: 'Reserved parking spaces shall be marked.', title: 'Reserved parking' })).toBe('in_force');
    expect(storedStatus({ status: 'in_force', text: 'No person shall make loud noise after 10 p.m.' })).toBe('in_force');
  });

  it('never offers a reserved or repealed section as law in force', () => {
    expect(isInForce({ status: 'reserved', text: 'Any text.' })).toBe(false);
    expect(isInForce({ status: 'repealed', text: 'Any text.' })).toBe(false);
    expect(isInForce({ status: 'in_force', text: 'Any text.' })).toBe(true);
  });

  it('reads a stored status back as one of the three', () => {
    expect(['in_force', 'repealed', 'reserved', 'anything'].map(statusOfRow)).toEqual(['in_force', 'repealed', 'reserved', 'in_force']);
  });
});
