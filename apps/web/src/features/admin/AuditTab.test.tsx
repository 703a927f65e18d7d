import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { translate } from '../../lib/i18n';
import { DetailList } from './AuditTab';

describe('an audit event’s details', () => {
  it('name roles in words and shorten record ids, whose whole value is the tooltip (issue 22)', () => {
    const t = (key: Parameters<typeof translate>[1], vars?: Parameters<typeof translate>[2]) => translate('en', key, vars);
    render(<DetailList t={t} details={{ from: 'CLERK', to: 'CITY_MANAGER', user_id: '0f6c2b1e-9a77-4c1d-8e2f-3b5a6c7d8e9f', email: 'ana@dc.gov' }} />);
    expect(screen.getByText('Clerk')).toBeTruthy();
    expect(screen.getByText('City manager')).toBeTruthy();
    expect(screen.queryByText(/CITY_MANAGER/)).toBeNull();
    const id = screen.getByTitle('0f6c2b1e-9a77-4c1d-8e2f-3b5a6c7d8e9f');
    expect(id.textContent).toBe('0f6c2b1e…');
    expect(screen.getByText('ana@dc.gov')).toBeTruthy();
  });
});
