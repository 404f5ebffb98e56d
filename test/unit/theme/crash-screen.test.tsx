/**
 * The crash screen, rendered with the real Docusaurus error boundary and the real upstream
 * ErrorPageContent inside our wrapper: a component that throws gives "This page crashed.", the
 * error message and Try again, titled "Page Error".
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fs from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ErrorBoundary from '@docusaurus/ErrorBoundary';

import ErrorPageContent from '@site/src/theme/ErrorPageContent';

/** Throws while `failing.current` is true, as a page component with a bug would. */
const failing = { current: true };
function FragilePage(): React.ReactNode {
  if (failing.current) throw new Error('Cannot read properties of undefined (reading "inputs")');
  return <h1>VPC module</h1>;
}

function Page() {
  return (
    <ErrorBoundary fallback={(params) => <ErrorPageContent {...params} />}>
      <FragilePage />
    </ErrorBoundary>
  );
}

describe('crash screen', () => {
  beforeEach(() => {
    failing.current = true;
    // React reports the caught error on the console; the screen is what this test checks.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the heading, the error message and a Try again button, titled Page Error', () => {
    render(<Page />);
    expect(screen.getByRole('heading', { level: 1, name: 'This page crashed.' })).toBeInTheDocument();
    expect(screen.getByText('Cannot read properties of undefined (reading "inputs")')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(document.title).toBe('Page Error');
    expect(screen.queryByText('VPC module')).not.toBeInTheDocument();
  });

  it('fills at least half the viewport height', () => {
    const { container } = render(<Page />);
    expect(container.firstElementChild).toHaveClass('crashScreen');
    const css = fs.readFileSync(path.join(process.cwd(), 'src/theme/ErrorPageContent/styles.module.css'), 'utf8');
    const declarations: Record<string, string> = {};
    postcss.parse(css).walkRules('.crashScreen', (rule) => {
      rule.walkDecls((decl) => {
        declarations[decl.prop] = decl.value;
      });
    });
    expect(declarations['min-height']).toBe('50vh');
  });

  it('clears the error and renders the page again on Try again', async () => {
    render(<Page />);
    failing.current = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { level: 1, name: 'VPC module' })).toBeInTheDocument();
    expect(screen.queryByText('This page crashed.')).not.toBeInTheDocument();
  });
});
