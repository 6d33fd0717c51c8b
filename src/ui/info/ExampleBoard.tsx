import { useEffect, useRef, useState } from 'react';
import type { ScoringMechanism } from '../../engine';
import type { BoardColours } from '../../board/colours';
import { useBoardColours } from '../board/useBoardColours';
import type { ExampleImages } from './exampleImages';
import { exampleScoreText } from './exampleGroups';

/** The pictures' side in CSS pixels: the largest they are shown (info.css). */
const SIDE = 192;

const EXAMPLES: readonly { mode: ScoringMechanism; label: string }[] = [
  { mode: 'connection', label: 'Connection' },
  { mode: 'expansion', label: 'Expansion' },
  { mode: 'extension', label: 'Extension' },
];

/** Drawn pictures by colours and resolution: a theme's pictures are drawn once per page load. */
const drawn = new Map<string, Promise<ExampleImages>>();

function examplePictures(colours: BoardColours, resolution: number): Promise<ExampleImages> {
  const key = `${JSON.stringify(colours)}@${resolution}`;
  let pictures = drawn.get(key);
  if (!pictures) {
    pictures = import('./exampleImages').then(({ renderExampleImages }) => renderExampleImages(colours, SIDE, resolution));
    // A failed drawing (no WebGL) is tried again at the next opening.
    pictures.catch(() => drawn.delete(key));
    drawn.set(key, pictures);
  }
  return pictures;
}

/** The game board's pictures of the example in the page's theme; undefined while drawing or without WebGL. */
function useExampleImages(colours: BoardColours): ExampleImages | undefined {
  const [images, setImages] = useState<{ colours: BoardColours; images: ExampleImages }>();
  useEffect(() => {
    let live = true;
    // A task later: the first colours are a guess until the theme is read from the dialog.
    const start = setTimeout(() => {
      examplePictures(colours, Math.min(3, window.devicePixelRatio || 1)).then(
        (result) => live && setImages({ colours, images: result }),
        () => undefined, // the figures keep their captions and labels
      );
    }, 0);
    return () => {
      live = false;
      clearTimeout(start);
    };
  }, [colours]);
  return images?.colours === colours ? images.images : undefined;
}

/** The spec's 5×5 example scored in each mode, drawn as the game draws its board with every group's value on. */
export function ExampleBoards() {
  const ref = useRef<HTMLDivElement>(null);
  const colours = useBoardColours(ref);
  const images = useExampleImages(colours);
  return (
    <div ref={ref} className="example-boards">
      {EXAMPLES.map(({ mode, label }) => {
        const green = exampleScoreText(0, mode);
        const blue = exampleScoreText(1, mode);
        return (
          <figure key={mode} className="example-board" data-mode={mode}>
            <div
              className="example-board__picture"
              role="img"
              aria-label={`${label} example on a 5x5 board: green ${green}, blue ${blue}`}
              data-drawn={images !== undefined}
            >
              {images && <img src={images[mode]} alt="" width={SIDE} height={SIDE} />}
            </div>
            <figcaption>
              <strong>{label}</strong>
              <span className="example-score">
                <span className="example-swatch player-0" aria-hidden="true" />
                Green {green}
              </span>
              <span className="example-score">
                <span className="example-swatch player-1" aria-hidden="true" />
                Blue {blue}
              </span>
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
}
