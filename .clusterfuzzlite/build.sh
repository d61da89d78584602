#!/bin/bash -eu
# Builds pigkill's cargo-fuzz targets for ClusterFuzzLite / OSS-Fuzz: each
# libFuzzer binary goes to $OUT, with a seed corpus and a dictionary for
# the text parser (the rule fixtures, in the problem's own text format).
# Run inside the base-builder-rust image, which sets $SRC, $OUT and the
# sanitizer flags that `cargo fuzz build` picks up.
cd "$SRC/pigkill"

targets="diff_engines edge_cases parse_text"
cargo fuzz build -O
for target in $targets; do
    cp "fuzz/target/x86_64-unknown-linux-gnu/release/$target" "$OUT/"
done

# parse_text reads the text format: start it from every fixture game.
find tests/fixtures -name "*.in" | zip -q -j "$OUT/parse_text_seed_corpus.zip" -@
cp .clusterfuzzlite/parse_text.dict "$OUT/parse_text.dict"
