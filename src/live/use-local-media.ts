import { useEffect, useState, useSyncExternalStore } from "react";
import { LocalMedia } from "./local-media";

export type { MediaChoice } from "./local-media";

/** The page's camera, microphone and screen (one LocalMedia for the page's life), and what they are now. */
export function useLocalMedia() {
  const [media] = useState(() => new LocalMedia());
  useEffect(() => media.attach(), [media]);
  const state = useSyncExternalStore(media.subscribe, media.getSnapshot);
  return { media, state };
}
