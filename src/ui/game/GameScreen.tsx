/**
 * The game page once the engine is ready: reads the game actor's snapshot and
 * sends it the player's actions; panels and dialogs are local UI state.
 */
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router-dom';
import type { InspectionEvent } from 'xstate';
import type { BoardState, CellPosition, Engine } from '../../engine';
import { canUndo, freeCells } from '../../game/game';
import { cellName } from '../../game/notation';
import type { Settings } from '../../game/types';
import { avatarInitial } from '../../machines/auth.machine';
import { forgetGame, saveSettings } from '../../services/storage';
import { useAuth } from '../auth/AuthProvider';
import { GameBoard } from '../board/GameBoard';
import { NavigationBar } from '../nav/NavigationBar';
import { leaderOf, scoreDigits } from '../score/format';
import { PlayerStrip } from '../score/PlayerStrip';
import { lastMoveLine, resultLine, turnLine } from '../score/panelWords';
import { ButtonBar } from './ButtonBar';
import { GameDialogs, type OpenDialog } from './GameDialogs';
import { GameLines, GameNotes } from './GameLines';
import { AiDevBadge, useAiDev } from './AiDevBadge';
import { GAME_TITLES, playerNames } from './titles';
import { useGameActor } from './useGameActor';
import { useHint } from './useHint';
import './game.css';

export interface GameScreenProps {
  engine: Engine;
  openSettings: boolean;
  aiDev: boolean;
  inspect?: ((event: InspectionEvent) => void) | undefined;
}

export function GameScreen({ engine, openSettings, aiDev, inspect }: GameScreenProps) {
  const navigate = useNavigate();
  const dev = useAiDev(aiDev);
  const auth = useAuth();
  const actor = useGameActor({ engine, serverModel: dev.connected ? dev.model : null, inspect, user: auth.user });
  const game = useSelector(actor, (s) => s.context.game);
  const settings = useSelector(actor, (s) => s.context.settings);
  const thinking = useSelector(actor, (s) => s.matches({ computer: { pace: 'waiting' } }));
  const resultsOpen = useSelector(actor, (s) => s.matches({ over: 'results' }));
  const computerTurn = useSelector(actor, (s) => s.matches('computer'));
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const hint = useHint(game.boardState);
  const [dialog, setDialog] = useState<OpenDialog>(openSettings ? 'settings' : null);

  const groups = useMemo(() => engine.groups(game.boardState, game.scoringMechanism), [engine, game.boardState, game.scoringMechanism]);
  const breakdown = useMemo<[number[], number[]]>(
    () => [groups.filter((g) => g.player === 0).map((g) => g.value), groups.filter((g) => g.player === 1).map((g) => g.value)],
    [groups],
  );
  // Shown name: username, else e-mail, else Anonymous (SPEC §2).
  const names = playerNames(settings, auth.user?.username || auth.user?.email || 'Anonymous');
  const moved = game.history.length > 1;
  // A full board is a finished game, also once its results were closed (progress is then playing, SPEC §4).
  const finished = game.progress === 'over' || freeCells(game) === 0;
  const leader = leaderOf(game.scores);
  const lastMove = useMemo(() => lastCell(game.history.at(-2)?.boardState, game.boardState), [game]);
  // A hint for the player to move, never while the computer thinks or once the game is over.
  const hintEnabled = game.progress === 'playing' && !computerTurn && !finished && !hint.searching && hint.cell === null;
  const askHint = () =>
    hint.ask(
      {
        board: game.boardState,
        player: game.currentPlayer,
        mode: game.scoringMechanism,
        seed: (game.gameId + game.history.length) >>> 0,
        mirrorRule: game.mirrorRule,
      },
      () => actor.send({ type: 'hint.shown' }),
    );
  const hintLine = hint.cell ? `Hint: ${cellName(hint.cell, game.boardState.gridHeight)}` : hint.searching ? 'Looking for a hint…' : '';

  // A game in progress: every way out of it asks first (SPEC §2's Leave text), the browser's
  // Back button included; a finished or untouched game is left at once.
  const inProgress = moved && !finished;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => inProgress && nextLocation.pathname !== currentLocation.pathname);
  const [resetTo, setResetTo] = useState<Settings | null>(null);

  const startNewGame = (next: Settings) => {
    saveSettings(next);
    actor.send({ type: 'reset', settings: next, now: Date.now() });
    setResetTo(null);
    setDialog(null);
  };
  /** Reset, or Start New Game in Settings: asks first once a move was made (SPEC §2's Reset text). */
  const askToStartNewGame = (next: Settings) => {
    if (!moved) return startNewGame(next);
    setResetTo(next);
    setDialog('reset');
  };
  const leave = () => {
    forgetGame();
    if (blocker.state === 'blocked') blocker.proceed();
    else navigate('/home');
  };
  const stay = () => {
    if (blocker.state === 'blocked') blocker.reset();
    setDialog(null);
  };

  return (
    <div className="game-page">
      <NavigationBar
        title={GAME_TITLES[game.scoringMechanism]}
        onLogo={() => setDialog('info')}
        onInfo={() => setDialog('info')}
        userInitial={auth.user ? avatarInitial(auth.user) : undefined}
        onUser={auth.openPanel}
      >
        {aiDev && <AiDevBadge status={dev} />}
      </NavigationBar>
      <main className="game-main">
        {/* The scores region: on a phone the opponent's strip above the board and the player's below
            it (Player 2 above, Player 1 below on one device), the lines under them; on a desktop all
            of it in the column beside the board (game.css places each part). */}
        <section className="game-panel" aria-label="Scores">
          {([1, 0] as const).map((player) => (
            <div key={player} className={`game-strip game-strip-${player === 1 ? 'top' : 'bottom'}`}>
              <PlayerStrip
                player={player}
                name={names[player]}
                score={game.scores[player]}
                groups={breakdown[player]}
                mode={game.scoringMechanism}
                active={!finished && game.currentPlayer === player}
                leader={leader === player}
              />
            </div>
          ))}
          <GameLines
            turn={turnLine({ playerMode: settings.playerMode, currentPlayer: game.currentPlayer, names, thinking })}
            lastMove={lastMoveLine(game.boardState, lastMove, names)}
            over={
              finished
                ? { result: resultLine(game.scores, settings.playerMode), onShowResults: resultsOpen ? undefined : () => actor.send({ type: 'results.open' }) }
                : undefined
            }
          />
        </section>
        <GameNotes hint={hintLine} refusal={refusal} />
        <div className="board-area">
          <GameBoard
            board={game.boardState}
            mode={game.scoringMechanism}
            groups={groups}
            annotations={game.annotationVisibility}
            currentPlayer={game.currentPlayer}
            interactive={!thinking && game.progress === 'playing'}
            lastMove={lastMove}
            hint={hint.cell}
            names={names}
            onPlace={(cell) => actor.send({ type: 'cell.place', cell })}
            onToggleAnnotations={() => actor.send({ type: 'annotations.toggle' })}
            predict={(cell, player) => {
              const result = engine.predict(game.boardState, cell, player, game.scoringMechanism);
              return result.ok ? result.prediction : null;
            }}
            playable={
              game.mirrorRule
                ? (cell) => engine.play(game.boardState, cell, game.currentPlayer, game.scoringMechanism, { mirrorRule: true }).ok
                : undefined
            }
          />
        </div>
        <p className="visually-hidden" aria-live="polite">
          {`${names[0]} ${scoreDigits(game.scores[0])}, ${names[1]} ${scoreDigits(game.scores[1])}`}
        </p>
        <ButtonBar
          canUndo={canUndo(game, settings)}
          hint={{ enabled: hintEnabled, onHint: askHint }}
          onUndo={() => actor.send({ type: 'undo' })}
          onReset={() => askToStartNewGame(settings)}
          onStats={() => setDialog('stats')}
          onHome={() => (inProgress ? navigate('/home') : leave())}
          onSettings={() => setDialog('settings')}
        />
      </main>
      <GameDialogs
        open={blocker.state === 'blocked' ? 'leave' : dialog}
        setOpen={setDialog}
        resetTo={resetTo ?? settings}
        game={game}
        settings={settings}
        names={names}
        resultsOpen={resultsOpen}
        devAi={aiDev ? dev : undefined}
        onCloseResults={() => actor.send({ type: 'results.close' })}
        onStartNewGame={startNewGame}
        onAskToStartNewGame={askToStartNewGame}
        onLeave={leave}
        onStay={stay}
        onNavigate={(to, next) => {
          saveSettings(next);
          navigate(to);
        }}
      />
    </div>
  );
}

/** The cell the last move took, for the board's highlight and announcement. */
function lastCell(before: BoardState | undefined, after: BoardState): CellPosition | undefined {
  if (!before) return undefined;
  for (const player of [0, 1] as const) {
    for (const key of after.occupiedCells[player]) {
      if (!before.occupiedCells[player].has(key)) {
        const [gridX = 0, gridY = 0] = key.split('-').map(Number);
        return { gridX, gridY };
      }
    }
  }
  return undefined;
}
