/**
 * Page-load failure: the raw error text and a Retry button that reloads the content,
 * as react-loadable drives our Loading swizzle.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ComponentCreator from '@docusaurus/ComponentCreator';
import ErrorBoundary from '@docusaurus/ErrorBoundary';

import Loading from '@site/src/theme/Loading';
import { registry, routesChunkNames } from '../stubs/generated';

const baseProps = { isLoading: true, timedOut: false, pastDelay: false, error: undefined, retry: () => undefined };

describe('page-load screen', () => {
  it('shows the raw error text and a Retry button that asks for the content again', async () => {
    const retry = vi.fn();
    const error = new Error('Loading chunk 512 failed.\n(error: http://127.0.0.1/assets/js/512.js)');
    error.name = 'ChunkLoadError';
    render(<Loading {...baseProps} isLoading={false} error={error} retry={retry} />);

    expect(screen.getByRole('alert')).toHaveTextContent(
      'ChunkLoadError: Loading chunk 512 failed. (error: http://127.0.0.1/assets/js/512.js)',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('shows nothing before the loading delay passes, so fast loads do not flash', () => {
    const { container } = render(<Loading {...baseProps} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('announces a slow load with a labelled status once the delay has passed', () => {
    render(<Loading {...baseProps} pastDelay />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading page…');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});

/**
 * The same screens through Docusaurus's own route loader (`ComponentCreator`, react-loadable),
 * with a route table made up for the test.
 */
describe('a route whose content fails to load', () => {
  const ROUTE = '/guides/build-it-yourself/vpc/core-concepts/cidr-notation';
  let attempts = 0;
  let contentModule: () => Promise<unknown>;

  beforeEach(() => {
    attempts = 0;
    routesChunkNames[`${ROUTE}-abc`] = { __comp: 'content-chunk', __context: 'context-chunk' };
    registry['context-chunk'] = [
      () => Promise.resolve({ default: { plugin: { name: 'docusaurus-plugin-content-docs', id: 'default' } } }),
      '@generated/docusaurus-plugin-content-docs/default/__plugin.json',
      'context-chunk',
    ];
    registry['content-chunk'] = [
      () => {
        attempts += 1;
        return contentModule();
      },
      '@site/docs/guides/cidr-notation.md',
      'content-chunk',
    ];
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    Reflect.deleteProperty(routesChunkNames, `${ROUTE}-abc`);
    delete registry['content-chunk'];
    delete registry['context-chunk'];
    vi.restoreAllMocks();
  });

  it('shows the failure with Retry, and Retry loads the content again and shows the page', async () => {
    contentModule = () => Promise.reject(new Error('Loading chunk 512 failed.'));
    const RouteComponent = ComponentCreator(ROUTE, 'abc');
    render(<RouteComponent />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Loading chunk 512 failed.');
    expect(attempts).toBe(1);

    contentModule = () => Promise.resolve({ default: () => <h1>CIDR notation</h1> });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'CIDR notation' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('reports content with no default export as an error naming the page', async () => {
    contentModule = () => Promise.resolve({ frontMatter: { title: 'CIDR notation' } });
    const RouteComponent = ComponentCreator(ROUTE, 'abc');
    render(
      <ErrorBoundary fallback={({ error }) => <p role="alert">{error.message}</p>}>
        <RouteComponent />
      </ErrorBoundary>,
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(
      `The page component at ${ROUTE} doesn't have a default export.`,
    );
  });
});
