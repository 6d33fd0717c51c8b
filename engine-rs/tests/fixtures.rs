//! Runs the cases in tests/fixtures/engine-cases.json, which vitest runs too
//! through the wasm build: the two languages agree on every one.

mod common;

use common::json::Json;
use engine::{predict, Board, MoveError, Position, ScoringMechanism};

fn cases() -> Json {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/fixtures/engine-cases.json"
    );
    Json::parse(&std::fs::read_to_string(path).expect("read the shared fixtures"))
}

fn cell(key: &str) -> (i64, i64) {
    let (x, y) = key.split_once('-').expect("x-y key");
    (x.parse().unwrap(), y.parse().unwrap())
}

fn board(json: &Json) -> Board {
    let lists = json.get("occupiedCells").list();
    let cells: Vec<Vec<(i64, i64)>> = lists
        .iter()
        .map(|list| list.list().iter().map(|k| cell(k.text())).collect())
        .collect();
    let (w, h) = (
        json.get("gridWidth").number(),
        json.get("gridHeight").number(),
    );
    Board::from_cells(w as usize, h as usize, [&cells[0], &cells[1]]).unwrap()
}

fn numbers(json: &Json) -> Vec<f64> {
    json.list().iter().map(Json::number).collect()
}

fn rejection(error: MoveError) -> &'static str {
    match error {
        MoveError::OffGrid => "off-grid",
        MoveError::InvalidPlayer => "invalid-player",
        MoveError::Occupied => "occupied",
        MoveError::Mirroring => "mirroring",
    }
}

#[test]
fn scoring_cases_give_the_hand_computed_scores_and_groups() {
    let cases = cases();
    for case in cases.get("scoring").list() {
        let name = case.get("name").text();
        let board = board(case.get("board"));
        for mode in ScoringMechanism::ALL {
            let expected = case.get(mode.name());
            let scores = engine::scores(&board, mode);
            assert_eq!(
                scores.map(|s| s as f64).to_vec(),
                numbers(expected.get("scores")),
                "{name}, {mode:?}"
            );
            for (player, groups) in expected.get("groups").list().iter().enumerate() {
                let values: Vec<f64> = engine::group_values(&board, player, mode)
                    .into_iter()
                    .map(f64::from)
                    .collect();
                assert_eq!(values, numbers(groups), "{name}, {mode:?}, player {player}");
            }
        }
    }
}

#[test]
fn prediction_cases_give_the_hand_computed_gains() {
    let cases = cases();
    for case in cases.get("predictions").list() {
        let name = case.get("name").text();
        let mode = ScoringMechanism::from_name(case.get("mode").text()).unwrap();
        let (x, y) = cell(case.get("cell").text());
        let player = case.get("player").number() as usize;
        let expected = case.get("expected");
        match predict(&board(case.get("board")), x, y, player, mode) {
            Ok(p) => {
                let got = [p.player_gain, p.opponent_gain, p.net].map(|g| g as f64);
                let want = ["playerGain", "opponentGain", "net"].map(|k| expected.get(k).number());
                assert_eq!(got, want, "{name}");
            }
            Err(e) => assert_eq!(rejection(e), expected.get("rejection").text(), "{name}"),
        }
    }
}

#[test]
fn move_cases_give_the_new_scores_or_the_rejection() {
    let cases = cases();
    for case in cases.get("moves").list() {
        let name = case.get("name").text();
        let mode = ScoringMechanism::from_name(case.get("mode").text()).unwrap();
        let (x, y) = cell(case.get("cell").text());
        let player = case.get("player").number() as usize;
        let expected = case.get("expected");
        let mut position = Position::new(board(case.get("board")), mode);
        match position.play(x, y, player) {
            Ok(scores) => assert_eq!(
                scores.map(|s| s as f64).to_vec(),
                numbers(expected.get("scores")),
                "{name}"
            ),
            Err(e) => assert_eq!(rejection(e), expected.get("rejection").text(), "{name}"),
        }
    }
}
