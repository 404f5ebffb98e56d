/**
 * The page's link handlers on the two addresses that once slipped past the notice: a host written
 * with its trailing dot, and a repository with malformed percent-encoding. The click is held back
 * for the notice, and hover and focus announce the intent, without any error.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { useSubscriberLinks } from '@site/src/components/SubscriberDialog/useSubscriberLinks';

const SETS = { cis: [], enterprise: [] };

function Probe({ href, onIntent }: { href: string; onIntent: () => void }) {
  const [pending] = useSubscriberLinks(SETS, onIntent);
  return (
    <>
      <a href={href}>source</a>
      <output>{pending ? `${pending.variant} notice for ${pending.repo}` : 'no notice'}</output>
    </>
  );
}

describe.each([
  ['https://github.com./gruntwork-io/terraform-aws-vpc', 'terraform-aws-vpc'],
  ['https://github.com/gruntwork-io/%E0%A4%A', '%E0%A4%A'],
])('a link to %s', (href, repo) => {
  it('is held back for the notice on click', () => {
    const onIntent = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Probe href={href} onIntent={onIntent} />);
    let followed = true;
    act(() => {
      followed = fireEvent.click(screen.getByText('source'));
    });
    expect(followed).toBe(false);
    expect(screen.getByRole('status')).toHaveTextContent(`general notice for ${repo}`);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('announces the intent on hover and on focus', () => {
    const onIntent = vi.fn();
    render(<Probe href={href} onIntent={onIntent} />);
    const link = screen.getByText('source');
    fireEvent.pointerOver(link);
    expect(onIntent).toHaveBeenCalledTimes(1);
    act(() => {
      link.focus();
    });
    expect(onIntent).toHaveBeenCalledTimes(2);
  });
});
