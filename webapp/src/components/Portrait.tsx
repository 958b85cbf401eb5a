import { useState, type SyntheticEvent } from "react";
import "./portrait.css";

export const FALLBACK_PORTRAIT = "/mentor-fallback.svg";

export interface PortraitProps {
  src: string;
  name: string;
  /** The frame's class; `is-loaded` is added once the image is in. */
  className?: string;
  width?: number;
  height?: number;
  /** The page's main image (a mentor page's portrait): fetched at once and first, not when scrolled to. */
  priority?: boolean;
}

/**
 * A mentor photo that fades in from a blurred placeholder and falls back to
 * a neutral silhouette when the image cannot be loaded (SPEC §2).
 */
export function Portrait({ src, name, className = "mentor-card__photo", width = 320, height = 240, priority = false }: PortraitProps) {
  const [loaded, setLoaded] = useState(false);
  const [current, setCurrent] = useState(src || FALLBACK_PORTRAIT);

  const onError = (event: SyntheticEvent<HTMLImageElement>) => {
    if (current !== FALLBACK_PORTRAIT) {
      setCurrent(FALLBACK_PORTRAIT);
    } else {
      event.currentTarget.dataset.failed = "true";
      setLoaded(true);
    }
  };

  return (
    <div className={`portrait ${className}${loaded ? " is-loaded" : ""}`}>
      <img
        // An image already in the cache can finish before React attaches onLoad.
        ref={(img) => {
          if (img?.complete && img.naturalWidth > 0) setLoaded(true);
        }}
        src={current}
        alt={`Portrait of ${name}`}
        width={width}
        height={height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding="async"
        onLoad={() => setLoaded(true)}
        onError={onError}
      />
    </div>
  );
}
