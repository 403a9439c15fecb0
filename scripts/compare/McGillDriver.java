// Replays the games of `mancala-hall bench --sequences DIR` (DIR/mcgill-java.txt)
// in the McGill COMP-424 Omweso engine (omweso.CCBoardState, built from its public
// repository by scripts/compare-engines.sh, outside this repository) and prints its
// moves per second of thread CPU time: apply only, and legal list + apply. Each line
// of the file is one game: the McGill pit numbers of its moves, "|", and the 32 pits
// it must end with (player 0 = South, then player 1), which are checked.
//
// This file is Mancala Hall's own code; it only calls the McGill engine's public API.

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import boardgame.Move;
import omweso.CCBoardState;
import omweso.CCMove;

public class McGillDriver {
    static final ThreadMXBean THREAD = ManagementFactory.getThreadMXBean();

    static CCBoardState start() {
        CCBoardState s = new CCBoardState();
        int[] standard = new int[16];
        for (int i = 0; i < 8; i++) standard[i] = 4; // the back row, nearest the player
        s.move(new CCMove(standard)); // player 0 (South) arranges
        s.move(new CCMove(standard)); // player 1 (North) arranges
        return s;
    }

    static long moves = 0;

    /** Replays every game; returns a value that depends on the result (kept alive). */
    static long replay(CCBoardState start, int[][] games, boolean listed) {
        long sink = 0;
        for (int[] g : games) {
            CCBoardState s = (CCBoardState) start.clone();
            for (int pit : g) {
                if (listed) sink += s.getLegalMoves().size();
                s.move(new CCMove(pit));
            }
            sink += s.getWinner();
            moves += g.length;
        }
        return sink;
    }

    public static void main(String[] args) throws Exception {
        List<String> lines = Files.readAllLines(Paths.get(args[0]));
        List<int[]> games = new ArrayList<>();
        List<int[]> ends = new ArrayList<>();
        for (String line : lines) {
            if (line.isBlank()) continue;
            String[] parts = line.split("\\|");
            String m = parts[0].trim();
            games.add(m.isEmpty() ? new int[0]
                    : java.util.Arrays.stream(m.split(" ")).mapToInt(Integer::parseInt).toArray());
            ends.add(java.util.Arrays.stream(parts[1].trim().split(" ")).mapToInt(Integer::parseInt).toArray());
        }
        int[][] all = games.toArray(new int[0][]);
        CCBoardState start = start();
        // The same games give the same positions in both engines.
        int agree = 0;
        for (int i = 0; i < all.length; i++) {
            CCBoardState s = (CCBoardState) start.clone();
            for (int pit : all[i]) s.move(new CCMove(pit));
            int[][] b = s.getBoard();
            boolean same = true;
            for (int k = 0; k < 16; k++) {
                same &= b[0][k] == ends.get(i)[k] && b[1][k] == ends.get(i)[16 + k];
            }
            if (same) agree++;
        }
        long total = 0;
        for (int[] g : all) total += g.length;
        // Warm up (JIT), then about two seconds of each measure.
        long sink = 0;
        for (int r = 0; r < 5; r++) {
            sink += replay(start, all, r % 2 == 0);
        }
        double[] rates = new double[2];
        for (int k = 0; k < 2; k++) {
            boolean listed = k == 1;
            moves = 0;
            long t0 = THREAD.getCurrentThreadCpuTime();
            while (THREAD.getCurrentThreadCpuTime() - t0 < 2_000_000_000L) {
                sink += replay(start, all, listed);
            }
            rates[k] = moves / ((THREAD.getCurrentThreadCpuTime() - t0) / 1e9);
        }
        System.out.printf("mcgill-peer\t%.0f\t%.0f\t%d games, %d moves, %d end as in Mancala Hall (%d)%n",
                rates[0], rates[1], all.length, total, agree, sink % 2);
    }
}
