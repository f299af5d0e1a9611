# Mobility and move facts per piece: generate_legal_moves with from/to masks, pseudo-legal
# against legal counts, captures, checks, en passant, find_move and move classification.
import chess

FENS = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
]
for fen in FENS:
    board = chess.Board(fen)
    print(fen)
    for sq, piece in sorted(board.piece_map().items()):
        if piece.color != board.turn:
            continue
        legal = list(board.generate_legal_moves(from_mask=chess.BB_SQUARES[sq]))
        pseudo = list(board.generate_pseudo_legal_moves(chess.BB_SQUARES[sq]))
        caps = list(board.generate_legal_captures(chess.BB_SQUARES[sq]))
        print(" ", piece.symbol(), chess.square_name(sq), len(legal), len(pseudo), len(caps),
              sum(board.gives_check(m) for m in legal))
    central = list(board.generate_legal_moves(to_mask=chess.BB_CENTER))
    print("  to centre", [board.san(m) for m in central])
    print("  ep", board.has_legal_en_passant(), board.has_pseudo_legal_en_passant(),
          [m.uci() for m in board.generate_legal_ep()])
    for m in list(board.legal_moves)[:40]:
        tags = [name for name, f in (("x", board.is_capture), ("ep", board.is_en_passant),
                                      ("O", board.is_castling), ("0", board.is_zeroing),
                                      ("irr", board.is_irreversible)) if f(m)]
        if tags:
            print("   ", board.lan(m), tags)
    move = board.find_move(list(board.legal_moves)[0].from_square, list(board.legal_moves)[0].to_square)
    print("  find", move, board.legal_moves.count(), board.pseudo_legal_moves.count(), move in board.legal_moves)
