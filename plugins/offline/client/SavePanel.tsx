/**
 * The body of the "Save for offline" dialog: fetches `/offline.json`, shows what saving costs
 * (pages, size), and on "Save" stores everything with a progress bar. Errors are shown, never
 * thrown.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

import Heading from '@theme/Heading';

import type { OfflineManifest } from '../contract';
import { fetchOfflineManifest, formatBytes, saveForOffline, type SaveProgress } from './save';

type State =
  | { step: 'loading' }
  | { step: 'ready'; manifest: OfflineManifest }
  | { step: 'saving' | 'done'; manifest: OfflineManifest; progress: SaveProgress }
  | { step: 'error'; message: string };

/** The dialog's content; `onClose` closes the dialog (and stops a save in progress). */
export default function SavePanel({ onClose }: { onClose: () => void }): ReactNode {
  const [state, setState] = useState<State>({ step: 'loading' });
  const abort = useRef(new AbortController());
  useEffect(() => {
    const controller = abort.current;
    fetchOfflineManifest().then(
      (manifest) => {
        setState({ step: 'ready', manifest });
      },
      (error: unknown) => {
        setState({ step: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      controller.abort();
    };
  }, []);

  const start = (manifest: OfflineManifest): void => {
    const total = manifest.pages.length + manifest.files.length;
    setState({ step: 'saving', manifest, progress: { done: 0, total, failed: 0 } });
    void saveForOffline(
      manifest,
      (progress) => {
        setState({ step: 'saving', manifest, progress });
      },
      abort.current.signal,
    ).then((progress) => {
      setState({ step: 'done', manifest, progress });
    });
  };

  return (
    <div className="save-offline">
      <Heading as="h2" id="save-offline-title">
        Save for offline
      </Heading>
      {state.step === 'loading' && <p>Finding out what to save…</p>}
      {state.step === 'error' && <p role="alert">Nothing can be saved: {state.message}.</p>}
      {state.step !== 'loading' && state.step !== 'error' && (
        <p>
          Every page ({String(state.manifest.pages.length)}) and the whole search index:{' '}
          <strong>{formatBytes(state.manifest.bytes)}</strong> stored in this browser. Pages you read are saved anyway.
        </p>
      )}
      {(state.step === 'saving' || state.step === 'done') && (
        <>
          <progress max={state.progress.total} value={state.progress.done} aria-label="Saved so far" />
          <p role="status">
            {state.step === 'done' ? 'Saved: ' : 'Saving: '}
            {String(state.progress.done)} of {String(state.progress.total)}
            {state.progress.failed > 0 ? `, ${String(state.progress.failed)} could not be fetched` : ''}
          </p>
        </>
      )}
      <div className="save-offline__buttons">
        {state.step === 'ready' && (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              start(state.manifest);
            }}
          >
            Save {formatBytes(state.manifest.bytes)}
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={onClose}>
          {state.step === 'saving' ? 'Stop' : 'Close'}
        </button>
      </div>
    </div>
  );
}
