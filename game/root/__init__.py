"""Root on the felt: the Underground Duchy against the Corvid Conspiracy on the Autumn map
(rules/root/): the table laid from a seat's view, the two d12 thrown in a tray, the bridge, the
seats, the window's controller, pictures and the tournament."""
