# The asyncio form: popen_uci, await analyse and play, async iteration of an analysis,
# quit; the transport's pid is used.
import asyncio
import os
import sys

import chess
import chess.engine

STOCKFISH = "/usr/games/stockfish"
if not os.access(STOCKFISH, os.X_OK):
    print("no stockfish")
    sys.exit(0)


async def main() -> None:
    transport, engine = await chess.engine.popen_uci(STOCKFISH)
    print("pid ok", transport.get_pid() > 0)
    print(engine.id.get("name"))
    board = chess.Board()
    info = await engine.analyse(board, chess.engine.Limit(nodes=3000))
    print(info["score"], [m.uci() for m in info["pv"]][:4])
    while not board.is_game_over() and len(board.move_stack) < 10:
        result = await engine.play(board, chess.engine.Limit(nodes=800))
        board.push(result.move)
    print(board.fen())
    with await engine.analysis(board, chess.engine.Limit(depth=8)) as analysis:
        async for item in analysis:
            if "depth" in item and "score" in item:
                print(item["depth"], item["score"].white())
    print((await analysis.wait()).move)
    await engine.quit()


asyncio.run(main())
