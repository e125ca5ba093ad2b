"""What the kill/recover trials (serial/kill_recover.py, mpi/kill_recover_mpi.py)
vary besides the trigger: recovery must not care how an image was written."""


def vary_image_writing(rng, settings):
    """Some trials write zstd-compressed images, some write each image before
    the program goes on. Adds the choice to `settings` and returns it as text
    for the trial's report ("" for the defaults)."""
    chosen = ""
    if rng.random() < 0.3:
        settings["CKPT_COMPRESS"] = "zstd"
        chosen += ", zstd"
    if rng.random() < 0.25:
        settings["CKPT_ASYNC_WRITE"] = 0
        chosen += ", synchronous writes"
    return chosen
