import { useCallback, useEffect, useState } from 'react';
import { staffApi } from './api';

/** Data of one staff API path and a function that loads it again. */
export function useStaffData<T>(path: string): [T | undefined, () => void] {
  const [data, setData] = useState<T>();
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    staffApi<T>(path).then(
      (d) => live && setData(d),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [path, n]);
  return [data, useCallback(() => setN((x) => x + 1), [])];
}
