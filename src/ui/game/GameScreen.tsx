/**
 * The game page once the engine is ready: reads the game actor's snapshot and
 * sends it the player's actions; panels and dialogs are local UI state.
 */
import { useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { InspectionEvent } from 'xstate';
import type { BoardState, CellPosition, Engine } from '../../engine';
import { canUndo } from '../../game/game';
import type { Settings } from '../../game/types';
import { avatarInitial } from '../../machines/auth.machine';
import { forgetGame, saveSettings } from '../../services/storage';
import { useAuth } from '../auth/AuthProvider';
import { GameBoard } from '../board/GameBoard';
import { NavigationBar } from '../nav/NavigationBar';
import { ScoreDisplay } from '../score/ScoreDisplay';
import { ButtonBar } from './ButtonBar';
import { GameDialogs, type OpenDialog } from './GameDialogs';
import { AiDevBadge, useAiDev } from './AiDevBadge';
import { GAME_TITLES, playerNames } from './titles';
import { useGameActor } from './useGameActor';
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
  const thinking = useSelector(actor, (s) => s.matches('waiting'));
  const resultsOpen = useSelector(actor, (s) => s.matches({ over: 'results' }));
  const [dialog, setDialog] = useState<OpenDialog>(openSettings ? 'settings' : null);

  const groups = useMemo(() => engine.groups(game.boardState, game.scoringMechanism), [engine, game.boardState, game.scoringMechanism]);
  const breakdown = useMemo<[number[], number[]]>(
    () => [groups.filter((g) => g.player === 0).map((g) => g.value), groups.filter((g) => g.player === 1).map((g) => g.value)],
    [groups],
  );
  // Shown name: username, else e-mail, else Anonymous (SPEC §2).
  const names = playerNames(settings, auth.user?.username || auth.user?.email || 'Anonymous');
  const moved = game.history.length > 1;
  const lastMove = useMemo(() => lastCell(game.history.at(-2)?.boardState, game.boardState), [game]);

  const startNewGame = (next: Settings) => {
    saveSettings(next);
    actor.send({ type: 'reset', settings: next, now: Date.now() });
    setDialog(null);
  };
  const leave = () => {
    forgetGame();
    navigate('/home');
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
        <ScoreDisplay scores={game.scores} groups={breakdown} currentPlayer={game.currentPlayer} names={names} progress={game.progress} />
        <p className="thinking" role="status" aria-live="polite">
          {thinking ? 'The AI is thinking…' : ''}
        </p>
        <div className="board-area">
          <GameBoard
            board={game.boardState}
            mode={game.scoringMechanism}
            groups={groups}
            annotations={game.annotationVisibility}
            currentPlayer={game.currentPlayer}
            interactive={!thinking && game.progress === 'playing'}
            lastMove={lastMove}
            onPlace={(cell) => actor.send({ type: 'cell.place', cell })}
            onToggleAnnotations={() => actor.send({ type: 'annotations.toggle' })}
            predict={(cell, player) => {
              const result = engine.predict(game.boardState, cell, player, game.scoringMechanism);
              return result.ok ? result.prediction : null;
            }}
          />
        </div>
        <p className="visually-hidden" aria-live="polite">
          {`${names[0]} ${game.scores[0]}, ${names[1]} ${game.scores[1]}`}
        </p>
        <ButtonBar
          canUndo={canUndo(game, settings)}
          onUndo={() => actor.send({ type: 'undo' })}
          onReset={() => (moved ? setDialog('reset') : startNewGame(settings))}
          onStats={() => setDialog('stats')}
          onHome={() => (moved ? setDialog('leave') : leave())}
          onSettings={() => setDialog('settings')}
        />
      </main>
      <GameDialogs
        open={dialog}
        setOpen={setDialog}
        game={game}
        settings={settings}
        names={names}
        resultsOpen={resultsOpen}
        devAi={aiDev ? dev : undefined}
        onCloseResults={() => actor.send({ type: 'results.close' })}
        onStartNewGame={startNewGame}
        onLeave={leave}
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
