import { useEffect, useRef, useState } from 'react';
import type { RankUpdate } from '@storelift/shared';
import { showApiError } from '../../../components/error-modal';
import { isAbortError } from '../../../lib/api';
import { isRunActive, readRankUpdate, startRankUpdate, type KeywordScope } from '../api/keywords';

/** How often a running update is asked for its progress. */
export const RUN_POLL_MS = 1_000;

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Stopped', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * "Update all ranks": `POST keywords/updateAllRanks`, then `GET keywords/updateAllRanks/{id}` every
 * second until the run is done, with its progress to show. Leaving the page stops the polling (the run
 * itself goes on on the server).
 */
export function useRankUpdate(scope: KeywordScope, onFinished: (run: RankUpdate) => void) {
  const [progress, setProgress] = useState<RankUpdate | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    const { signal } = current;
    try {
      let run = await startRankUpdate(scope, signal);
      setProgress(run);
      while (isRunActive(run)) {
        await wait(RUN_POLL_MS, signal);
        run = await readRankUpdate(run.id, signal);
        setProgress(run);
      }
      onFinished(run);
    } catch (error) {
      if (!isAbortError(error)) showApiError(error);
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setProgress(null);
      }
    }
  };

  return { progress, running: progress !== null, start };
}
