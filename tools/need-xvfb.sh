#!/usr/bin/env bash
# Installs what running the app in a virtual window needs, when missing: Xvfb, xauth and Mesa's
# software Vulkan (lavapipe). Used by the screenshot and frame-time scripts.
set -euo pipefail
if ! command -v xvfb-run >/dev/null || ! command -v xauth >/dev/null || ! ls /usr/share/vulkan/icd.d/lvp_icd* >/dev/null 2>&1; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        xvfb xauth mesa-vulkan-drivers >/dev/null
fi
