/**
 * The subscriber-only notice as a reader meets it: its texts, buttons, timings and remembered choices.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import SubscriberDialog from '@site/src/components/SubscriberDialog';
import type { PendingLink } from '@site/src/components/SubscriberDialog/variants';
import { useSubscriberLinks } from '@site/src/components/SubscriberDialog/useSubscriberLinks';

const HREF = 'https://github.com/gruntwork-io/terraform-aws-vpc/tree/v0.22.4/modules/vpc-app';

/** A page with links, a focused trigger, and the dialog wired like the Root swizzle wires it. */
function Page({
  openLink,
  sets = { cis: [], enterprise: [] },
}: {
  openLink: (href: string) => void;
  sets?: { cis: string[]; enterprise: string[] };
}) {
  const [pending, clear] = useSubscriberLinks(sets);
  return (
    <>
      <a href={HREF}>vpc-app source</a>
      <a href="https://github.com/gruntwork-io/terragrunt">Terragrunt source</a>
      <a href="https://github.com/gruntwork-io/terraform-aws-cis-service-catalog">CIS catalog</a>
      <a href="https://github.com/gruntwork-io/terraform-aws-eks" className="card">
        <div>
          <h3>EKS card</h3>
        </div>
      </a>
      <SubscriberDialog key={pending ? pending.href : 'closed'} link={pending} onClose={clear} openLink={openLink} />
    </>
  );
}

function Controlled({ initial, openLink }: { initial: PendingLink; openLink: (href: string) => void }) {
  const [link, setLink] = useState<PendingLink | null>(initial);
  return (
    <SubscriberDialog
      key={link ? 'open' : 'closed'}
      link={link}
      onClose={() => {
        setLink(null);
      }}
      openLink={openLink}
    />
  );
}

let openLink: ReturnType<typeof vi.fn<(href: string) => void>>;
beforeEach(() => {
  openLink = vi.fn<(href: string) => void>();
  document.body.style.overflow = '';
});
afterEach(() => {
  vi.useRealTimers();
});

describe('opening', () => {
  it('opens on a private link with the general title and body, and does not follow the link', async () => {
    const user = userEvent.setup();
    render(<Page openLink={openLink} />);
    await user.click(screen.getByText('vpc-app source'));
    const dialog = screen.getByRole('dialog', { name: 'For Subscribers Only' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent(
      'This link leads to the private terraform-aws-vpc repository visible only to subscribers; everyone else will see a 404.',
    );
    expect(openLink).not.toHaveBeenCalled();
  });

  it('uses the closest anchor, so a card wrapped in a link counts', async () => {
    const user = userEvent.setup();
    render(<Page openLink={openLink} />);
    await user.click(screen.getByRole('heading', { name: 'EKS card' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('private terraform-aws-eks repository');
  });

  it('does not open for a public repository', async () => {
    const user = userEvent.setup();
    render(<Page openLink={openLink} />);
    const link = screen.getByText('Terragrunt source');
    link.addEventListener('click', (e) => {
      e.preventDefault();
    });
    await user.click(link);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the CIS and Enterprise variants when their sets list the repository', () => {
    render(<Controlled initial={{ href: HREF, repo: 'x', variant: 'cis' }} openLink={openLink} />);
    expect(screen.getByRole('dialog', { name: 'For CIS Subscribers Only' })).toBeInTheDocument();
  });

  it('shows the Enterprise title', () => {
    render(<Controlled initial={{ href: HREF, repo: 'x', variant: 'enterprise' }} openLink={openLink} />);
    expect(screen.getByRole('dialog', { name: 'For Enterprise Subscribers Only' })).toBeInTheDocument();
  });

  it('routes a CIS-set link to the CIS variant through the page handler', async () => {
    const user = userEvent.setup();
    render(<Page openLink={openLink} sets={{ cis: ['terraform-aws-cis-service-catalog'], enterprise: [] }} />);
    await user.click(screen.getByText('CIS catalog'));
    expect(screen.getByRole('dialog', { name: 'For CIS Subscribers Only' })).toBeInTheDocument();
  });
});

describe('buttons and flag', () => {
  it('Continue opens the link in a new tab and closes the dialog 500 ms later', () => {
    vi.useFakeTimers();
    render(<Controlled initial={{ href: HREF, repo: 'terraform-aws-vpc', variant: 'general' }} openLink={openLink} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(openLink).toHaveBeenCalledWith(HREF);
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the checkbox stores the don\'t-warn flag as "true" and clears it when unticked', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={{ href: HREF, repo: 'terraform-aws-vpc', variant: 'general' }} openLink={openLink} />);
    const box = screen.getByRole('checkbox', { name: "Don't show this notice again" });
    await user.click(box);
    expect(box).toBeChecked();
    expect(localStorage.getItem('dontWarnGitHubLinks')).toBe('true');
    await user.click(box);
    expect(localStorage.getItem('dontWarnGitHubLinks')).toBeNull();
  });

  it('keeps one flag per variant', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={{ href: HREF, repo: 'x', variant: 'enterprise' }} openLink={openLink} />);
    await user.click(screen.getByRole('checkbox'));
    expect(localStorage.getItem('dontWarnEnterpriseGitHubLinks')).toBe('true');
    expect(localStorage.getItem('dontWarnGitHubLinks')).toBeNull();
  });

  it('Cancel closes the dialog and clears the remembered choice', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={{ href: HREF, repo: 'terraform-aws-vpc', variant: 'general' }} openLink={openLink} />);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('dontWarnGitHubLinks')).toBeNull();
    expect(openLink).not.toHaveBeenCalled();
  });

  it('while the flag is set, links of that variant open directly', async () => {
    localStorage.setItem('dontWarnGitHubLinks', 'true');
    const user = userEvent.setup();
    render(<Page openLink={openLink} />);
    const link = screen.getByText('vpc-app source');
    let followed = false;
    document.addEventListener('click', (e) => {
      followed = !e.defaultPrevented;
      e.preventDefault();
    });
    await user.click(link);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(followed).toBe(true);
  });

  it('Escape closes it without touching the flag', async () => {
    localStorage.setItem('dontWarnCisGitHubLinks', 'true');
    const user = userEvent.setup();
    render(<Controlled initial={{ href: HREF, repo: 'x', variant: 'general' }} openLink={openLink} />);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('dontWarnCisGitHubLinks')).toBe('true');
  });

  it('a click on the overlay closes it', async () => {
    const user = userEvent.setup();
    render(<Controlled initial={{ href: HREF, repo: 'x', variant: 'general' }} openLink={openLink} />);
    await user.click(screen.getByTestId('subscriber-dialog-overlay'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('scroll lock and focus', () => {
  it('locks body scroll while open and restores it 300 ms after close', async () => {
    // Let the unlock timers of earlier tests' dialogs run out first: the lock is page-wide.
    await new Promise((resolve) => setTimeout(resolve, 350));
    vi.useFakeTimers();
    document.body.style.overflow = 'auto';
    render(<Controlled initial={{ href: HREF, repo: 'x', variant: 'general' }} openLink={openLink} />);
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(document.body.style.overflow).toBe('hidden');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(document.body.style.overflow).toBe('auto');
  });

  it('moves focus into the dialog, keeps Tab inside it, and returns focus to the link on close', async () => {
    const user = userEvent.setup();
    render(<Page openLink={openLink} />);
    const link = screen.getByText('vpc-app source');
    link.focus();
    await user.click(link);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(link);
  });
});
