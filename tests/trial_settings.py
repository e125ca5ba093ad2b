"""What the kill/recover trials (serial/kill_recover.py, mpi/kill_recover_mpi.py)
vary besides the trigger: recovery must not care how an image was written,
nor whether the heap's pages are moved out of it or copied."""


def vary_images(rng, settings):
    """Some trials write zstd-compressed images, some write each image before
    the program goes on, some recover by copying the whole heap. Adds the
    choice to `settings` and returns it as text for the trial's report (""
    for the defaults)."""
    chosen = ""
    if rng.random() < 0.3:
        settings["CKPT_COMPRESS"] = "zstd"
        chosen += ", zstd"
    if rng.random() < 0.25:
        settings["CKPT_ASYNC_WRITE"] = 0
        chosen += ", synchronous writes"
    if rng.random() < 0.2:
        settings["CKPT_MAP_IMAGE"] = 0
        chosen += ", heap copied on recovery"
    return chosen
