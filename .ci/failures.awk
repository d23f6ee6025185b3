# Prints, for every stream of `npm test` that exited non-zero, what failed: mocha's failure list
# (from "N failing" on) when there is one, else the stream's last 60 lines; when no stream says it
# failed, the log's last 80 lines. Lines look like "[stream-name] text" (concurrently's prefix).
{
  all[++total] = $0
  if (match($0, /^\[[^\]]+\]/)) {
    name = substr($0, 2, RLENGTH - 2)
    if (!(name in count)) { order[++streams] = name }
    n = ++count[name]
    line[name, n] = $0
    if ($0 ~ /[0-9]+ failing/) { failingFrom[name] = n }
    if ($0 ~ /exited with code [1-9]/) { failed[name] = 1 }
  }
}
END {
  shown = 0
  for (s = 1; s <= streams; s++) {
    name = order[s]
    if (!(name in failed)) continue
    shown++
    from = (name in failingFrom) ? failingFrom[name] : count[name] - 60
    if (from < 1) from = 1
    to = count[name]
    if (to - from > 400) to = from + 400
    print "[ci] ---- " name ": lines " from "-" to " of " count[name] " ----"
    for (i = from; i <= to; i++) print line[name, i]
  }
  # No stream says it failed (the runner itself stopped): the log's last lines.
  if (shown == 0) {
    from = total > 80 ? total - 79 : 1
    print "[ci] ---- no stream said it failed; the last lines of the log ----"
    for (i = from; i <= total; i++) print all[i]
  }
}
